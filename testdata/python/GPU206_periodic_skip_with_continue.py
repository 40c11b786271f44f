# A pass that `continue`s until the next period's bound (a tick of images,
# `step % every != 0`) runs what follows once per period, as a periodic
# guard would. A `continue` on a test that holds on few passes (a missing
# batch) still lets every other pass through.
import torch


def report(*fields):
    print(*fields)  # ok: GPU206 (through report() under the tick skip)


def train_ticks(model, stream, optimizer, total_images, images_per_tick, batch):
    model = model.cuda()
    seen, tick, tick_start = 0, 0, 0
    batches = iter(stream)
    while True:
        x = next(batches).cuda(non_blocking=True)
        loss = model(x).square().mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        seen += batch
        done = seen >= total_images
        if (not done) and (tick != 0) and (seen < tick_start + images_per_tick):
            continue
        report("tick", tick, "images", seen)
        if (not done) and stop_requested():
            done = True
            report("stopping")
        if done or tick % 10 == 0:
            torch.save(model.state_dict(), "snapshot.pt")  # ok: GPU203 (once per ten ticks)
        tick += 1
        tick_start = seen
        if done:
            break


def train_steps(model, loader, optimizer, log_every):
    model = model.cuda()
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % log_every != 0:
            continue
        print("step", step)  # ok: GPU206 (the pass skips the rest between log steps)


def train_skipping_empty(model, loader, optimizer):
    model = model.cuda()
    for x, y in loader:
        if x.numel() == 0:
            continue
        loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print("loss", float(loss))  # expect: GPU201


def stop_requested():
    return False
