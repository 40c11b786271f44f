"""A sync behind a store_true option stays off when `parser.set_defaults(**cfg)`
loads a config file: the file may turn the option on, but the run must opt in,
and an unknown value never fires. The twin option with a threshold default is
unknown too, so its guard does not fire either; a sync behind a store_false
option (on unless the run passes the flag) still counts."""
import argparse

import torch
import yaml

config_parser = argparse.ArgumentParser(add_help=False)
config_parser.add_argument("-c", "--config", default="", type=str)
parser = argparse.ArgumentParser()
parser.add_argument("--synchronize-step", action="store_true", default=False)
parser.add_argument("--no-sync-check", dest="sync_check", action="store_false")
parser.add_argument("--log-interval", type=int, default=1)


def parse_args():
    args_config, remaining = config_parser.parse_known_args()
    if args_config.config:
        with open(args_config.config) as f:
            parser.set_defaults(**yaml.safe_load(f))
    return parser.parse_args(remaining), "text"


def main():
    args, _ = parse_args()
    device = torch.device("cuda")
    model = torch.nn.Linear(4, 4).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = torch.utils.data.DataLoader(range(100), batch_size=32, num_workers=4, pin_memory=True)
    for step, x in enumerate(loader):
        x = x.to(device, non_blocking=True)
        loss = model(x).sum()
        loss.backward()
        opt.step()
        if args.synchronize_step:
            torch.cuda.synchronize()  # ok: GPU201 (opt-in flag)
        if args.sync_check:
            torch.cuda.synchronize()  # expect: GPU201 "runs on every step"
        if step % args.log_interval == 0:
            print(loss.item())  # ok: GPU201 (interval unknown after set_defaults)
