# An assert's message is built only when the assertion fails: formatting a
# GPU tensor there costs nothing on the steps that pass. The test itself
# runs every step, and a GPU tensor there is read each time.
import torch
import torch.nn as nn

from chunking import chunked


class FeedForward(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, h):
        out = chunked(self.fc, 0, h)  # ok: GPU201 (the helper formats only its assert message)
        assert out.dim() == 2, f"expected a matrix, got {out}"  # ok: GPU201 (the f-string is the message)
        return out


def train(loader, steps):
    model = FeedForward(64).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in loader:
        loss = model(x.cuda(non_blocking=True)).pow(2).mean()
        assert torch.isfinite(loss), "loss diverged: {}".format(loss)  # expect: GPU201 "truth value"
        loss.backward()
        opt.step()
        opt.zero_grad()
