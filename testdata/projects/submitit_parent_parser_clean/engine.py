"""The epoch body: the wrapper (submit.py) runs it with a larger accumulation
interval than the script's own default, so not every run empties the cache
on every step."""
import torch


def train_one_epoch(model, loader, opt, device, args=None):
    update_freq = args.update_freq
    for step, x in enumerate(loader):
        loss = model(x.to(device, non_blocking=True)).pow(2).mean() / update_freq
        loss.backward()
        if (step + 1) % update_freq == 0:
            opt.step()
            opt.zero_grad()
            torch.cuda.empty_cache()  # ok: GPU208 (the cluster runs accumulate 64 steps; the candidates disagree)
