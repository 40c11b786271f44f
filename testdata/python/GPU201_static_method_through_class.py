"""GPU201 fixture: a static method called through its class.

`SimpleTrainer.write_metrics(loss_dict)` from the step runs the static
method's body, which reads every loss to the host: a sync per step, through
the call. A static method that only formats host numbers reads nothing.
"""
import torch
from torch.utils.data import DataLoader


class SimpleTrainer:
    def __init__(self, model, optimizer, loader):
        self.model, self.optimizer, self.loader = model, optimizer, loader

    def train(self, epochs):
        for epoch in range(epochs):
            for data in self.loader:
                self.run_step(data)

    def run_step(self, data):
        loss_dict = {"loss": self.model(data.cuda(non_blocking=True)).pow(2).mean()}
        losses = sum(loss_dict.values())
        self.optimizer.zero_grad()
        losses.backward()
        self.optimizer.step()
        SimpleTrainer.write_metrics(loss_dict)  # ok: GPU201 (reported in the method, through this call)
        SimpleTrainer.describe(len(data))  # ok: GPU201 (formats a host number)

    @staticmethod
    def write_metrics(loss_dict):
        return {k: v.detach().cpu().item() for k, v in loss_dict.items()}  # expect: GPU201 "through write_metrics() called at line 26"

    @staticmethod
    def describe(n):
        return f"{n} samples"


def main():
    model = torch.nn.Linear(4, 4).cuda()
    loader = DataLoader(torch.randn(64, 4), batch_size=16, num_workers=2, pin_memory=True, persistent_workers=True)
    SimpleTrainer(model, torch.optim.SGD(model.parameters(), lr=0.1), loader).train(10)


if __name__ == "__main__":
    main()
