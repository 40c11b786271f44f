"""The trainer owns both loops: the epoch loop and, inside it, the step
loop over the loader it is handed. The loader is built in the launcher."""
import torch


class ContrastiveTrainer:
    def __init__(self, model, optimizer, args):
        self.args = args
        self.model = model.to(args.device)
        self.optimizer = optimizer

    def train(self, loader):
        for epoch in range(self.args.epochs):
            for images, _ in loader:
                images = images.to(self.args.device, non_blocking=True)
                loss = self.model(images).square().mean()
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()


def finetune(model, optimizer, loader, epochs=30):
    for epoch in range(epochs):
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(model(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def evaluate(model, loader):
    with torch.no_grad():
        return sum(model(x.cuda(non_blocking=True)).sum() for x, _ in loader)
