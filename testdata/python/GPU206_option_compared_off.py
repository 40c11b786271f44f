"""Work behind `args.report_to == "wandb"` runs only when the run passes
that value: with the option's default "tensorboard" the branch is off, as a
store_true flag left off is. The branch that matches the resolved value runs
every step."""
import argparse

import torch


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--report_to", type=str, default="tensorboard")
    p.add_argument("--with_tracking", action="store_true")
    args = p.parse_args()
    device = torch.device("cuda")
    model = torch.nn.Linear(8, 1).to(device)
    opt = torch.optim.AdamW(model.parameters())
    ds = torch.utils.data.TensorDataset(torch.randn(4096, 8), torch.randn(4096, 1))
    loader = torch.utils.data.DataLoader(ds, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    for step, (xb, yb) in enumerate(loader):
        xb, yb = xb.to(device, non_blocking=True), yb.to(device, non_blocking=True)
        loss = torch.nn.functional.mse_loss(model(xb), yb)
        loss.backward()
        opt.step()
        opt.zero_grad()
        if args.with_tracking:
            print(loss.item())  # ok: GPU201 (the flag is off by default)
        if args.report_to == "wandb":
            print(f"step {step} loss {loss.item()}")  # ok: GPU201 (report_to resolves to 'tensorboard')
        if args.report_to == "tensorboard":
            print(f"step {step} loss {loss.item()}")  # expect: GPU201 "loss.item()"
