"""Training entry: every option comes from the dict of defaults."""
import argparse

import torch
from torch.utils.data import DataLoader

from script_util import add_dict_to_parser, model_defaults


def make_parser():
    defaults = dict(batch_size=1, lr=3e-4, log_every=1, check_grads=False)
    defaults.update(model_defaults())
    parser = argparse.ArgumentParser()
    add_dict_to_parser(parser, defaults)
    return parser


def main(dataset):
    args = make_parser().parse_args()
    net = torch.nn.Conv2d(3, args.channels, 3).cuda()
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr)
    loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)  # expect: GPU204 "default of --batch_size, an entry of the dict handed to add_dict_to_parser()"
    for step, x in enumerate(loader):
        loss = net(x.cuda(non_blocking=True)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        if args.check_grads:
            assert all(torch.isfinite(p.grad).all() for p in net.parameters())  # ok: GPU201 (--check_grads defaults to False)
        opt.step()
        if step % args.log_every == 0:
            print(step, loss.item())  # expect: GPU201 "loss.item()"
