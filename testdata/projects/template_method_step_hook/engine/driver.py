"""A driver whose loop leaves the whole step (forward, backward, optimizer) to
a hook each trainer fills in: the loop trains only through the overrides."""


class StepDriver:
    def train(self, start, stop):
        self.before_train()
        for self.it in range(start, stop):
            self.step_once()  # expect: GPU201 "each of the 3 overrides of step_once()"

    def before_train(self):
        pass

    def step_once(self):
        raise NotImplementedError


class CycleDriver:
    """A second driver: only one of its two trainers reads a value back."""

    def run(self, cycles):
        for self.it in range(cycles):
            self.cycle()  # ok: GPU201 (one override keeps its loss on the GPU)

    def cycle(self):
        raise NotImplementedError
