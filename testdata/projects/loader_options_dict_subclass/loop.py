import torch
from torch.utils.data import DataLoader, TensorDataset


def train(rank=0, batch_size=32, loader_kwargs={}, total_steps=100000):
    device = torch.device("cuda", rank)
    data = TensorDataset(torch.randint(0, 255, (1024, 3, 32, 32), dtype=torch.uint8))
    loader = DataLoader(data, batch_size=batch_size, shuffle=True, drop_last=True, persistent_workers=True, **loader_kwargs)
    net = torch.nn.Conv2d(3, 3, 3).to(device)
    opt = torch.optim.Adam(net.parameters())
    for step in range(total_steps):
        for (imgs,) in loader:
            imgs = imgs.to(device).to(torch.float32) / 127.5 - 1  # expect: GPU104 "copies a pinned batch"
            loss = net(imgs).square().mean()
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()


def probe(rank=0, loader_kwargs={}):
    device = torch.device("cuda", rank)
    data = TensorDataset(torch.randint(0, 255, (1024, 3, 32, 32), dtype=torch.uint8))
    loader = DataLoader(data, batch_size=64, shuffle=True, persistent_workers=True, **loader_kwargs)
    net = torch.nn.Conv2d(3, 3, 3).to(device)
    opt = torch.optim.Adam(net.parameters())
    for epoch in range(10):
        for (imgs,) in loader:
            imgs = imgs.to(device).float()  # ok: GPU104 (the subclass's own __init__ decides what it keeps)
            loss = net(imgs).square().mean()
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
