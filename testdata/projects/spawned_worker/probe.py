"""Started by main.py with spawn(probe.run, args=(args, 4)): `rounds` is 4
here, a short linear probe, and `args.workers` is main.py's --workers."""
import torch
import torch.nn.functional as F
import torchvision
from torch.utils.data import DataLoader


def run(rank, args, rounds):
    torch.cuda.set_device(rank)
    head = torch.nn.Linear(512, 1000).cuda(rank)
    optimizer = torch.optim.SGD(head.parameters(), lr=0.1)
    features = torchvision.datasets.DatasetFolder("/data/features", loader=torch.load, extensions=(".pt",))
    loader = DataLoader(features, batch_size=256, num_workers=args.workers, pin_memory=True)  # expect: GPU105 "iterated again on each of the 4 epochs"
    for epoch in range(rounds):
        for x, y in loader:
            loss = F.cross_entropy(head(x.cuda(rank, non_blocking=True)), y.cuda(rank, non_blocking=True))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
