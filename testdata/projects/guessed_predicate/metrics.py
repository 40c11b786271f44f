"""The metrics component decides when the trainer logs; the trainer builds it
from a config entry, so its class is not visible where the step runs."""


def check_config(cfg):
    if cfg.log_freq < 1:
        raise ValueError("log_freq must be positive")


class MetricsProcessor:
    def __init__(self, log_freq=10, enabled=True):
        self.log_freq = log_freq
        self.enabled = enabled

    def should_log(self, step):
        return step == 1 or step % self.log_freq == 0

    def is_active(self):
        return self.enabled

    def log(self, step, values):
        print(step, values)
