# A helper called on every step that returns early unless the step is a
# logging step (`if not should_log: return`, `if step % every != 0:
# return`) runs what follows once per period, as under a periodic guard.
# A branch that turns its own flag off (`if self.sync_streams: ...;
# self.sync_streams = False`) runs once. An early return on a test that
# holds on most steps, or a flag the branch never clears, still lets
# every step through.
import torch

log_every = 50


def is_logging_step(step):
    return step == 1 or step % log_every == 0


def report(loss, step):
    if not is_logging_step(step):
        return
    print(f"{step} {loss.item():.3f}")  # ok: GPU201 (logging steps only)


def report_stored(loss, step):
    should_log = step % log_every == 0
    if not should_log:
        return
    print(f"{step} {loss.item():.3f}")  # ok: GPU201 (logging steps only)


def report_remainder(loss, step):
    if step % log_every != 0:
        return
    print(f"{step} {loss.item():.3f}")  # ok: GPU201 (logging steps only)


def report_unless_empty(loss, step, batch):
    if batch is None:
        return
    print(f"{step} {loss.item():.3f}")  # expect: GPU201


class StreamedModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(64, 64)
        self.sync_streams = True
        self.verbose = True

    def forward(self, x):
        return self.body(x).square().mean()

    def after_backward(self):
        if self.sync_streams:
            torch.cuda.synchronize()  # ok: GPU201 (the branch clears its flag: once)
            self.sync_streams = False
        if self.verbose:
            torch.cuda.synchronize()  # expect: GPU201


def train(loader, optimizer):
    model = StreamedModel()
    model.cuda()
    for step, x in enumerate(loader):
        loss = model(x.cuda(non_blocking=True))
        loss.backward()
        model.after_backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        report(loss, step)
        report_stored(loss, step)
        report_remainder(loss, step)
        report_unless_empty(loss, step, x)
