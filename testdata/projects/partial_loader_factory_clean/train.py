"""The clean twin: the partial gives the generator's loader six workers, and
an evaluation helper whose parameter shadows the module's partial is not
taken for a call of it."""
from functools import partial

import torch

from shards import Pretraining

device = "cuda"
context = 64
lm = torch.nn.Sequential(torch.nn.Embedding(512, 128), torch.nn.Linear(128, 512)).to(device)
optimizer = torch.optim.AdamW(lm.parameters(), lr=3e-4)
stream = partial(Pretraining.stream, batch_size=16, device=device, num_workers=6, context=context)


def held_out_loss(stream):
    batches = stream(split="val")  # ok: GPU101 (the parameter, not the module's partial)
    inputs, labels = next(batches)
    with torch.no_grad():
        return torch.nn.functional.cross_entropy(lm(inputs).view(-1, 512), labels.view(-1))


batches = stream(split="train")
inputs, labels = next(batches)
for step in range(10_000):
    logits = lm(inputs)
    loss = torch.nn.functional.cross_entropy(logits.view(-1, 512), labels.view(-1))
    inputs, labels = next(batches)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()
