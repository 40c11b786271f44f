"""A model module the training script imports whose `__main__` block trains a
small run on the GPU: a script of its own, whose loader keeps its finding."""
import torch
from torch.utils.data import DataLoader

from clips import Clips


class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(16, 1)

    def forward(self, x):
        return self.fc(x)


if __name__ == "__main__":
    head = Head().cuda()
    opt = torch.optim.SGD(head.parameters(), lr=0.1)
    for clip in DataLoader(Clips(500), batch_size=32, shuffle=True):  # expect: GPU101 "num_workers is omitted", GPU103
        loss = head(clip.cuda().float()).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
