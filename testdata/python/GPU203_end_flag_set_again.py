# An end-of-training flag computed at the top of each pass (`done = nimg >=
# stop_at`) stays the end of training when a stop-request branch later in
# the pass sets it again (`if dist_should_stop(): done = True`): the top of
# the next pass overwrites it, so `if done or nimg % every == 0:` is a
# periodic guard. A flag that a branch taken on most passes sets again
# (`if rank == 0: save_now = True`) is true on most steps.
import torch

snapshot_every = 500


def dist_should_stop():
    return False


def fit(model, loader, opt, stop_at, rank):
    nimg = 0
    batches = iter(loader)
    while True:
        done = nimg >= stop_at
        if done or nimg % snapshot_every == 0:
            print("kimg", nimg // 1000)
            if dist_should_stop():
                done = True
        if done or nimg % snapshot_every == 0:
            torch.save(model.state_dict(), "state.pt")  # ok: GPU203 (end of training or every 500 steps)
        if done:
            break
        x, y = next(batches)
        loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
        opt.zero_grad()
        loss.backward()
        opt.step()
        nimg += x.shape[0]

        save_now = nimg % snapshot_every == 0
        if rank == 0:
            save_now = True
        if save_now:
            torch.save(model.state_dict(), "last.pt")  # expect: GPU203
