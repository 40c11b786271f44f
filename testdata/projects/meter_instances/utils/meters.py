class RunningMean:
    """Keeps the last value and the running mean of what update() is given."""

    def __init__(self):
        self.last = 0
        self.mean = 0
        self.total = 0
        self.count = 0

    def update(self, value, n=1):
        self.last = value
        self.total += value * n
        self.count += n
        self.mean = self.total / self.count
