# python-fire turns the keyword defaults of the function it is given into the
# command line's defaults (`fire.Fire(train)`, run as `python train.py
# --batch_size 64`): a default is what a run gets unless it passes the flag,
# as with argparse. A function nobody calls keeps an unknown parameter, and
# a parameter without a default is a required argument.
import fire
import torch
from torch.utils.data import DataLoader, TensorDataset


def train(steps=10_000, batch_size=4, lr=3e-4):
    model = torch.nn.Linear(64, 64).cuda()
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    data = TensorDataset(torch.randn(100_000, 64))
    loader = DataLoader(data, batch_size=batch_size, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)  # expect: GPU204 "command-line default of batch_size"
    for step, (x,) in enumerate(loader):
        loss = model(x.cuda(non_blocking=True)).square().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step >= steps:
            break


def unused_helper(batch_size=2):
    data = TensorDataset(torch.randn(1000, 64))
    return DataLoader(data, batch_size=batch_size, shuffle=True, num_workers=4, pin_memory=True)  # ok: GPU204 (nobody calls it: unknown)


def finetune(batch_size, steps=100):
    model = torch.nn.Linear(64, 64).cuda()
    opt = torch.optim.Adam(model.parameters())
    data = TensorDataset(torch.randn(1000, 64))
    for (x,) in DataLoader(data, batch_size=batch_size, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True):  # ok: GPU204 (a required command-line argument)
        loss = model(x.cuda(non_blocking=True)).square().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    fire.Fire(train)
    fire.Fire(finetune)
