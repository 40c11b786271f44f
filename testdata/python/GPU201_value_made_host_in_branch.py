# A loss read with .item() and then logged: the logger receives a host float,
# not the GPU tensor, even though the function backpropagates through the
# same name. Branches of one if statement do not see each other's bindings.
# The read and the log that prints it are one logging event: GPU201 at the
# read, no GPU206 at the log.
import torch


def fit(net, batches, opt, board, settings):
    net = net.cuda()
    for step, (images, targets) in enumerate(batches):
        images = images.cuda(non_blocking=True)
        targets = targets.cuda(non_blocking=True)
        loss = torch.nn.functional.cross_entropy(net(images), targets)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if settings.boxes:
            loss = loss.item()  # expect: GPU201 "`loss` comes from `net(images)` at line 14"
            board.add_scalars({"loss": loss}, global_step=step)  # ok: GPU201 (a host float), GPU206 (the read above is this event's finding)
        elif settings.multi:
            loss, gnorm = (loss.item(), 0.0)  # expect: GPU201 "`loss` comes from `net(images)` at line 14"
            board.add_scalars({"loss": loss, "gnorm": gnorm}, global_step=step)  # ok: GPU201 (host floats), GPU206 (one event)
        else:
            loss = float(loss)  # expect: GPU201
            print("step", step, loss)  # ok: GPU201 (a host float), GPU206 (one event)
