# A running mean kept on whatever it is given: `update` adds the value to the
# total without reading it, so the total (and the mean the property returns)
# is a GPU tensor for a meter given GPU tensors and a float for one given
# floats. Which, depends on the object: each meter is asked on its own.


class RunningMean:
    def __init__(self):
        self.total = 0.0
        self.count = 0

    def update(self, value, n=1):
        self.total += value * n
        self.count += n

    @property
    def mean(self):
        return self.total / max(self.count, 1)

    def reset(self):
        self.total = 0.0
        self.count = 0
