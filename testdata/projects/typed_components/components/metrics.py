"""Metrics and validation components built by config factories. Their
predicates (`should_log`, `should_validate`) are periodic; the trainer
asks them through attributes declared with these classes."""
from dataclasses import dataclass

import torch


class MetricsProcessor:
    @dataclass
    class Config:
        log_freq: int = 50

    def __init__(self, config):
        self.config = config

    def should_log(self, step: int) -> bool:
        return step == 1 or step % self.config.log_freq == 0

    def always(self, step: int) -> bool:
        return step >= 0


class BaseValidator:
    @dataclass
    class Config:
        enable: bool = True
        freq: int = 200

    def __init__(self, config):
        self.config = config

    def should_validate(self, step: int) -> bool:
        return step % self.config.freq == 0


class Validator(BaseValidator):
    @torch.no_grad()
    def validate(self, model, batches):
        total = torch.zeros((), device="cuda")
        for tokens in batches:
            total += model(tokens.cuda(non_blocking=True)).float().mean()
        return total.item()
