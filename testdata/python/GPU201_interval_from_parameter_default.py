"""A log interval that reaches the step loop as an attribute of a settings
object: the object is a parameter's default (`def run(opts=Opts(every=1))`)
that the call `run()` leaves in place, so the guard `step % opts.every == 0`
holds on every step. A call that passes its own settings, or an entry point
nobody in the project calls (a CLI framework fills it), decides nothing."""
from dataclasses import dataclass

import torch


@dataclass
class Opts:
    every: int = 100
    lr: float = 1e-3


def fit(model, opt, loader, device, opts: Opts):
    for step, (xb, yb) in enumerate(loader):
        xb, yb = xb.to(device, non_blocking=True), yb.to(device, non_blocking=True)
        loss = torch.nn.functional.mse_loss(model(xb), yb)
        loss.backward()
        opt.step()
        opt.zero_grad()
        if step % opts.every == 0:
            print(f"step {step} loss {loss.item():.4f}")  # expect: GPU201 "loss.item()"


def fit_quiet(model, opt, loader, device, opts: Opts):
    for step, (xb, yb) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(xb.to(device, non_blocking=True)), yb.to(device, non_blocking=True))
        loss.backward()
        opt.step()
        opt.zero_grad()
        if step % opts.every == 0:
            print(f"step {step} loss {loss.item():.4f}")  # ok: GPU201 (run_quiet passes every=200)


def fit_cli(model, opt, loader, device, opts: Opts):
    for step, (xb, yb) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(xb.to(device, non_blocking=True)), yb.to(device, non_blocking=True))
        loss.backward()
        opt.step()
        opt.zero_grad()
        if step % opts.every == 0:
            print(f"step {step} loss {loss.item():.4f}")  # ok: GPU201 (entry() is never called here: its opts are unknown)


def parts():
    device = torch.device("cuda")
    model = torch.nn.Linear(8, 8).to(device)
    opt = torch.optim.AdamW(model.parameters())
    ds = torch.utils.data.TensorDataset(torch.randn(4096, 8), torch.randn(4096, 8))
    loader = torch.utils.data.DataLoader(ds, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    return model, opt, loader, device


def run(opts: Opts = Opts(every=1)):
    model, opt, loader, device = parts()
    fit(model, opt, loader, device, opts)


def run_quiet(opts: Opts = Opts(every=1)):
    model, opt, loader, device = parts()
    fit_quiet(model, opt, loader, device, opts)


def entry(opts: Opts = Opts(every=1)):
    model, opt, loader, device = parts()
    fit_cli(model, opt, loader, device, opts)


if __name__ == "__main__":
    run()
    run_quiet(Opts(every=200))
