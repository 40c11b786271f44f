"""The same settings objects with intervals that space the work out."""
import torch
from torch.utils.data import DataLoader

from loop import fit
from settings import RunConfig, TrainArgs


def main():
    device = torch.device("cuda")
    model = torch.nn.Linear(8, 2).to(device)
    optimizer = torch.optim.AdamW(model.parameters())
    loader = DataLoader(range(64), batch_size=16, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    args = TrainArgs(log_interval=100)
    fit(model, loader, optimizer, device, args, RunConfig(print_every=200))


if __name__ == "__main__":
    main()
