"""A scalar autograd engine trained on the CPU (a micrograd-style lecture):
there is no GPU anywhere in the project, so nothing here idles one."""
import random


class Value:
    def __init__(self, data, children=()):
        self.data = data
        self.grad = 0.0
        self._prev = set(children)

    def backward(self):
        self.grad = 1.0


def train(model, xs, ys, steps=20):
    for k in range(steps):
        ypred = [model(x) for x in xs]
        loss = sum((yout - ygt) ** 2 for ygt, yout in zip(ys, ypred))
        for p in model.parameters():
            p.grad = 0.0
        loss.backward()
        for p in model.parameters():
            p.data += -0.1 * p.grad
        print(k, loss.data)  # ok: GPU206
        save_weights(model, f"step{k}.txt")


def save_weights(model, path):
    with open(path, "w") as f:
        f.write(" ".join(str(p.data) for p in model.parameters()))
