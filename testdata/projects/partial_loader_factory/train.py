"""The batch generator is bound once with functools.partial (its loader
options included) and called per split: the partial's num_workers=0
reaches the DataLoader of shards.py."""
from functools import partial

import torch

from shards import Pretraining

device = "cuda"
context = 64
lm = torch.nn.Sequential(torch.nn.Embedding(512, 128), torch.nn.Linear(128, 512)).to(device)
optimizer = torch.optim.AdamW(lm.parameters(), lr=3e-4)
stream = partial(Pretraining.stream, batch_size=16, device=device, num_workers=0, context=context)

batches = stream(split="train")
inputs, labels = next(batches)
for step in range(10_000):
    logits = lm(inputs)
    loss = torch.nn.functional.cross_entropy(logits.view(-1, 512), labels.view(-1))
    inputs, labels = next(batches)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()
