"""The epoch body: the accumulation interval and the logging interval come
from the run's options, whichever script parsed them."""
import torch


def train_one_epoch(model, loader, opt, device, args=None):
    update_freq = args.update_freq
    for step, x in enumerate(loader):
        loss = model(x.to(device, non_blocking=True)).pow(2).mean() / update_freq
        loss.backward()
        if (step + 1) % update_freq == 0:
            opt.step()
            opt.zero_grad()
            torch.cuda.empty_cache()  # expect: GPU208 "`update_freq` resolves to 1: argparse default of --update_freq"
        if step % args.log_every == 0:
            torch.cuda.empty_cache()  # ok: GPU208 (every 200 steps, whichever script parsed the options)
