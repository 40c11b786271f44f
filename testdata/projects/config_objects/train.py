"""Builds the settings objects with keywords and hands them to loop.fit."""
import torch
from torch.utils.data import DataLoader

from loop import fit
from settings import RunConfig, TrainArgs


def report_every(model, loader, optimizer, device):
    opts = {"lr": 0.1}
    tuned = {"log_every_n_steps": 100}
    loaded = {}
    loaded.update(torch.load("opts.pt"))
    for step, (x, y) in enumerate(loader):
        loss = model(x.to(device, non_blocking=True)).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % opts.get("log_every_n_steps", 1) == 0:
            print("step", step)  # expect: GPU206 "resolves to 1"
        if step % tuned.get("log_every_n_steps", 1) == 0:
            print("tuned", step)  # ok: GPU206
        if step % loaded.get("log_every_n_steps", 1) == 0:
            print("loaded", step)  # ok: GPU206


def main():
    device = torch.device("cuda")
    model = torch.nn.Linear(8, 2).to(device)
    optimizer = torch.optim.AdamW(model.parameters())
    loader = DataLoader(range(64), batch_size=16, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    fit(model, loader, optimizer, device, TrainArgs(log_interval=1), RunConfig(ckpt_every=2))
    report_every(model, loader, optimizer, device)


if __name__ == "__main__":
    main()
