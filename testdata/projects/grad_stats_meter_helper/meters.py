class Meter:
    def __init__(self):
        self.count = 0
        self.total = 0.0

    def update(self, value):
        self.count += 1
        self.total += value


def gradient_stats(named):
    """Reads each gradient's norm, then only adds host numbers."""
    meter = Meter()
    for name, p in named:
        if p.grad is not None and not name.endswith(".bias"):
            norm = float(p.grad.norm())
            meter.update(norm)
    return meter
