"""A trainer whose components come from config factories
(`config.metrics.build()`), so only the class annotations say what they
are. The metrics method returns early unless the step is a logging step:
what follows the early return runs once per period. A predicate that holds
on every step gives no such promise. A validator method, known from the
annotation to run an evaluation pass, is GPU202 when called unguarded."""
from typing import Optional

import torch

from components.metrics import MetricsProcessor, Validator


class Trainer:
    metrics: MetricsProcessor
    validator: Optional[Validator]

    def __init__(self, config, model, loader, optimizer):
        self.metrics = config.metrics.build()
        self.validator = config.validator.build() if config.validator.enable else None
        self.model = model.cuda()
        self.loader = loader
        self.optimizer = optimizer
        self.step = 0

    def train_step(self, tokens):
        loss = self.model(tokens.cuda(non_blocking=True)).float().mean()
        loss.backward()
        self.optimizer.step()
        self.optimizer.zero_grad(set_to_none=True)
        return loss

    def log_step(self, loss):
        should_log = self.metrics.should_log(self.step)
        if not should_log:
            return
        print(f"step {self.step} loss {loss.item():.4f}")  # ok: GPU201 (after the early return: logging steps only)

    def debug_step(self, loss):
        if not self.metrics.always(self.step):
            return
        print(f"step {self.step} loss {loss.item():.4f}")  # expect: GPU201

    def train(self, config, eval_batches):
        for tokens in self.loader:
            self.step += 1
            loss = self.train_step(tokens)
            self.log_step(loss)
            self.debug_step(loss)
            if self.validator is not None and self.validator.should_validate(self.step):
                self.validator.validate(self.model, eval_batches)  # ok: GPU201 (every `freq` steps)
            if self.validator is not None:
                # One finding: the pass's own sync is part of the per-step evaluation.
                self.validator.validate(self.model, eval_batches)  # expect: GPU202
