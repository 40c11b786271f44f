import torch
from torch.utils.data import DataLoader


class Settings:
    """A bag of attributes, filled in by whoever makes one."""


class Trainer:
    @staticmethod
    def defaults():
        s = Settings()
        s.workers = 0
        s.batch_size = 64
        s.steps = 1000
        return s

    def __init__(self, settings, model, dataset):
        self.settings = settings
        self.model = model.to("cuda")
        self.dataset = dataset

    def fit(self):
        model, settings = self.model, self.settings
        opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
        loader = DataLoader(self.dataset, shuffle=True, pin_memory=True, batch_size=settings.batch_size,
                            num_workers=settings.workers)  # ok: GPU101 (the drivers set workers: 8 in one, unknown in the other)
        for step, (x, y) in enumerate(loader):
            x, y = x.to("cuda", non_blocking=True), y.to("cuda", non_blocking=True)
            loss = torch.nn.functional.cross_entropy(model(x), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            if step >= settings.steps:
                break
