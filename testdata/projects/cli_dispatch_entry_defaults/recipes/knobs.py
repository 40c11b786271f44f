from dataclasses import dataclass


@dataclass
class Knobs:
    report_every: int = 50
    save_every: int = 1000
    workers: int = 4
