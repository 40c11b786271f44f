"""Run settings as objects: a dataclass and a plain class whose __init__
stores its arguments."""
from dataclasses import dataclass, field


@dataclass
class TrainArgs:
    log_interval: int = 10
    save_every: int = 1000
    tags: list = field(default_factory=list)


class RunConfig:
    def __init__(self, print_every=50, ckpt_every=500):
        self.print_every = print_every
        self.ckpt_every = ckpt_every
