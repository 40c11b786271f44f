"""A project class with a `step` method that reads its value on the host: a
schedule object built from torch's own module must not be taken for it."""


class LoggedWarmup:
    def __init__(self, value):
        self.value = value

    def step(self):
        print(f"lr {self.value.item():.5f}")
