"""A key a project helper returns only from a rare branch: `if "warmup_done"
in stats:` with `stats = meter.step(...)` runs once, the step the warm-up
ends; a key it returns on every later step does not."""
import time

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


class ThroughputMeter:
    def __init__(self, warmup_steps=20):
        self.warmup_steps = warmup_steps
        self.step_count = 0
        self.start_time = None
        self.tokens = 0

    def step(self, batch_tokens):
        self.step_count += 1
        if self.step_count == self.warmup_steps:
            self.start_time = time.perf_counter()
            return {"warmup_done": True}
        if self.start_time is not None:
            self.tokens += batch_tokens
            return {"tokens_per_s": self.tokens / (time.perf_counter() - self.start_time)}
        return {}


def train(model, dataset):
    loader = DataLoader(dataset, batch_size=32, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    meter = ThroughputMeter()
    for ids, labels in loader:
        ids = ids.cuda(non_blocking=True)
        labels = labels.cuda(non_blocking=True)
        loss = F.cross_entropy(model(ids).flatten(0, 1), labels.flatten())
        opt.zero_grad()
        loss.backward()
        opt.step()
        stats = meter.step(ids.numel())
        if "warmup_done" in stats:
            print("warm-up finished, measuring throughput")  # ok: GPU206 (step() returns the key once)
        if "tokens_per_s" in stats:
            print(f"{stats['tokens_per_s']:.0f} tokens/s")  # expect: GPU206 "logs on every step"
