import argparse

import torch

import strategies


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="Smoothed")
    parser.add_argument("--steps", type=int, default=20000)
    args = parser.parse_args()
    device = torch.device("cuda")
    picked = strategies.strategy_class(args.strategy)
    learner = picked(64, 10).to(device)
    history = []
    for _ in range(args.steps):
        x = torch.randn(256, 64, device=device)
        y = torch.randint(0, 10, (256,), device=device)
        history.append(learner.step(x, y))  # expect: GPU201 "runs `loss.item()`"


def baseline_only(steps):
    device = torch.device("cuda")
    kind = strategies.Baseline
    learner = kind(64, 10).to(device)
    for _ in range(steps):
        x = torch.randn(256, 64, device=device)
        y = torch.randint(0, 10, (256,), device=device)
        learner.step(x, y)  # ok: GPU201 (Baseline keeps its loss on the GPU)


def any_strategy(name, steps):
    device = torch.device("cuda")
    learner = strategies.strategy_class(name)(64, 10).to(device)
    for _ in range(steps):
        x = torch.randn(256, 64, device=device)
        y = torch.randint(0, 10, (256,), device=device)
        learner.step(x, y)  # ok: GPU201 (the class is not known)


if __name__ == "__main__":
    main()
