# A trainer whose step takes element [0] of each batch of one: the item is
# the batch (tens of thousands of points), so batch_size=1 is no tiny batch.
import torch


class Fitter:
    def __init__(self, model, device):
        self.model, self.device = model.to(device), device
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)

    def to_device(self, data):
        return {k: torch.as_tensor(v).to(self.device, non_blocking=True) for k, v in data.items()}

    def step(self, data):
        points = data["points"][0]
        target = data["sdf"][0]
        return torch.nn.functional.l1_loss(self.model(points), target)

    def fit_epoch(self, loader):
        for data in loader:
            data = self.to_device(data)
            loss = self.step(data)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()

    def check_epoch(self, loader):
        total = 0.0
        with torch.no_grad():
            for data in loader:
                data = self.to_device(data)
                total = total + self.step(data)
        return total

    def fit(self, loader, valid_loader, epochs):
        for epoch in range(epochs):
            self.fit_epoch(loader)
            self.check_epoch(valid_loader)

    def score_epoch(self, loader):
        for pairs in loader:
            loss = torch.nn.functional.l1_loss(self.model(pairs[0].to(self.device, non_blocking=True)), pairs[1].to(self.device, non_blocking=True))
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
