"""A fitter whose settings object comes from a static factory; the entry script overrides a
few fields under `if __name__ == "__main__":` before handing it over."""
import torch
from torch.utils.data import DataLoader


class Settings:
    pass


class Fitter:
    @staticmethod
    def defaults():
        s = Settings()
        s.workers = 4
        s.batch = 2
        s.max_steps = 5000
        return s

    def __init__(self, settings, net, data):
        self.settings = settings
        self.net = net.cuda()
        self.data = data

    def fit(self):
        net, s = self.net, self.settings
        opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
        # ok: GPU204 (the script raises the factory's batch of 2 to 256 before the fitter is made)
        loader = DataLoader(self.data, batch_size=s.batch, shuffle=True, pin_memory=True,
                            num_workers=s.workers)  # expect: GPU101 "num_workers resolves to 0: settings.workers set at "
        step = 0
        for x, y in loader:
            x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
            loss = torch.nn.functional.mse_loss(net(x), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            step += 1
            if step >= s.max_steps:
                return
