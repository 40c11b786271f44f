"""Entry point: builds a tiny model and trains it with engine.train."""
import torch

from engine import Value, train


class Neuron:
    def __init__(self, n):
        self.w = [Value(0.1) for _ in range(n)]

    def __call__(self, x):
        return self.w[0]

    def parameters(self):
        return self.w


if __name__ == "__main__":
    reference = torch.tensor([1.0, 2.0])  # compared against by hand in the lecture
    train(Neuron(3), [[1.0, 2.0, 3.0]], [1.0])
