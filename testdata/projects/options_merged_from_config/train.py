"""The namespace comes back from a helper that merges a settings file into
it. An option the parser leaves off by default (None, 0) is off unless the
run turns it on: a branch behind it is not run on every step. One the
parser turns on by default (4), or requires the run to give, may be on."""
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

from tools.settings import add_regularizer_options, merged_with_file


def parser_of_trainer():
    parser = argparse.ArgumentParser("token trainer")
    parser.add_argument("--settings_file", default=None)
    add_regularizer_options(parser)
    return parser


def fit(args):
    device = torch.device("cuda")
    net = torch.nn.Linear(32, 32).to(device)
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    data = TensorDataset(torch.randn(2048, 32))
    loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    for step, (x,) in enumerate(loader):
        x = x.to(device, non_blocking=True)
        if args.mixup_alpha:
            lam = torch.rand(1, device=device).clamp(max=args.mixup_alpha).item()  # ok: GPU201 (off unless the run sets it)
            x = lam * x + (1 - lam) * x.flip(0)
        if args.drop_tokens:
            keep = x.abs().sum(1) > 0
            x = x[keep]  # ok: GPU201 (off unless the run sets it)
        loss = net(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        if args.clip_every:
            print("grad norm", torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0).item())  # expect: GPU201 "clip_grad_norm_"
        if args.probe_every:
            print("probe", loss.item())  # expect: GPU201 "loss"
        opt.step()


if __name__ == "__main__":
    parser = parser_of_trainer()
    args = parser.parse_args()
    args = merged_with_file(args, parser)
    fit(args)
