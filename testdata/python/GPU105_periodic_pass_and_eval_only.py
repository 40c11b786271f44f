# A validation helper the step loop calls every N steps restarts the loader's
# workers on every pass. The same helper is also called from an
# `--eval-only` branch that returns before training: that one-off call does
# not make the periodic passes any cheaper, so the finding stays. A loader
# handed to the helper only once (the eval-only branch, the final report)
# restarts nothing.
import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


def score(segmenter, batches, device):
    segmenter.eval()
    total = torch.zeros((), device=device)
    with torch.no_grad():
        for image, mask in batches:
            logits = segmenter(image.to(device, non_blocking=True))
            total += F.cross_entropy(logits, mask.to(device, non_blocking=True))
    segmenter.train()
    return total


def run(segmenter, train_set, holdout_set, report_set):
    parser = argparse.ArgumentParser()
    parser.add_argument("--eval-only", action="store_true")
    parser.add_argument("--check-every", type=int, default=250)
    parser.add_argument("--max-steps", type=int, default=40000)
    cfg = parser.parse_args()
    device = torch.device("cuda")
    segmenter = segmenter.to(device)
    opt = torch.optim.AdamW(segmenter.parameters(), lr=3e-4)
    feed = DataLoader(train_set, batch_size=16, shuffle=True, num_workers=6, pin_memory=True,
                      persistent_workers=True)
    holdout = DataLoader(holdout_set, batch_size=16, num_workers=6, pin_memory=True)  # expect: GPU105 "every N steps"
    report = DataLoader(report_set, batch_size=16, num_workers=6, pin_memory=True)  # ok: GPU105
    if cfg.eval_only:
        score(segmenter, holdout, device)
        score(segmenter, report, device)
        return
    step = 0
    while step < cfg.max_steps:
        for image, mask in feed:
            step += 1
            logits = segmenter(image.to(device, non_blocking=True))
            loss = F.cross_entropy(logits, mask.to(device, non_blocking=True))
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            if step % cfg.check_every == 0:
                score(segmenter, holdout, device)
    return score(segmenter, report, device)
