"""An evaluation loop that decodes with the project's own generate(): one that only queues
its tokens (argmax, cat) returns before the GPU has run them, so reading the result waits for
the whole decoding; one that tests an end token on the host per token has drained the stream."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class CopyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(16, 32)
        self.head = nn.Linear(32, 16)

    def forward(self, ids):
        return self.head(self.emb(ids))

    @torch.no_grad()
    def generate(self, ids, steps):
        for _ in range(steps):
            nxt = self(ids)[:, -1:].argmax(-1)
            ids = torch.cat((ids, nxt), dim=1)
        return ids


class StoppingLM(CopyLM):
    @torch.no_grad()
    def generate(self, ids, steps, end=0):
        for _ in range(steps):
            nxt = self(ids)[:, -1:].argmax(-1)
            ids = torch.cat((ids, nxt), dim=1)
            if (nxt == end).all():  # expect: GPU201 "truth value of `(nxt == end).all()`"
                break
        return ids


@torch.no_grad()
def score(net, loader, width):
    solved = []
    for q, a in loader:
        q, a = q.to("cuda", non_blocking=True), a.to("cuda", non_blocking=True)
        guess = net.generate(q, width)[:, -width:]
        solved.append((guess == a).all(1).cpu())  # expect: GPU201 "computed from `net.generate(q, width)`"
    return torch.cat(solved).float().mean()


@torch.no_grad()
def score_stopping(net, loader, width):
    solved = []
    for q, a in loader:
        q, a = q.to("cuda", non_blocking=True), a.to("cuda", non_blocking=True)
        guess = net.generate(q, width)
        solved.append((guess[:, -width:] == a).all(1).cpu())  # ok: GPU201 (generate() read its end token on the host: nothing is queued)
    return torch.cat(solved).float().mean()


if __name__ == "__main__":
    data = TensorDataset(torch.randint(16, (2000, 4)), torch.randint(16, (2000, 4)))
    loader = DataLoader(data, batch_size=100, num_workers=2, pin_memory=True)
    print(score(CopyLM().cuda().eval(), loader, 4))
    print(score_stopping(StoppingLM().cuda().eval(), loader, 4))
