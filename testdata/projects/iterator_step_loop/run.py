import torch

from train_loop import TrainLoop, dev


def batches(loader):
    while True:
        yield from loader


def main(loader):
    model = torch.nn.Linear(8, 8).to(dev())
    TrainLoop(model, batches(loader), "uniform", total_steps=10000).run_loop()
