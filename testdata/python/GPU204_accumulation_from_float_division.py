# The accumulation count is computed with true division (`64 / devices` is a
# float in Python), then floored: 16 micro-batches per optimizer step, so a
# micro-batch of 4 is a note, not a warning. A float batch size that stays
# below the minimum is still reported.
import torch
from torch.utils.data import DataLoader

devices = 1
batch_size = 64 / devices
micro_batch_size = 4
gradient_accumulation_iters = batch_size // micro_batch_size
eval_batch = 12 / 4


def train(model, dataset, val_set, optimizer):
    model = model.cuda()
    loader = DataLoader(dataset, batch_size=micro_batch_size, shuffle=True, num_workers=4, pin_memory=True)  # expect: GPU204 "Gradient accumulation is set (gradient_accumulation_iters"
    probe = DataLoader(val_set, batch_size=int(eval_batch), num_workers=4, pin_memory=True)  # ok: GPU204 (evaluation only)
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
        (loss / gradient_accumulation_iters).backward()
        if (step + 1) % gradient_accumulation_iters == 0:
            optimizer.step()
            optimizer.zero_grad()
    return probe
