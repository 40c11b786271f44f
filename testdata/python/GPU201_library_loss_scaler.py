"""A step loop whose backward and optimizer step run in a library loss
scaler: calling timm's NativeScaler or ApexScaler with the loss and the
optimizer backpropagates and steps, so the loop trains and a host read in it
runs every step. A scaler gpulint cannot identify (another library's, or a
name some paths leave unknown) makes no step loop."""
import torch
from timm.utils import ApexScaler, NativeScaler
from somewhere import make_scaler


def fit(net, loader, opt, scaler, device):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = torch.nn.functional.cross_entropy(net(x), y)
        opt.zero_grad()
        scaler(loss, opt, parameters=net.parameters())
        print(f"loss {loss.item():.3f}")  # expect: GPU201 "loss.item()"


class Trainer:
    def __init__(self, net, loader, opt, apex):
        self.net, self.loader, self.opt = net, loader, opt
        self.loss_scaler = ApexScaler() if apex else NativeScaler()

    def epoch(self, device):
        for x, y in self.loader:
            loss = self.net(x.to(device, non_blocking=True)).sum()
            self.loss_scaler(loss, self.opt)
            last = float(loss)  # expect: GPU201 "float(loss)"
        return last


def fit_unknown(net, loader, opt, device):
    grad_scaler = make_scaler()
    for x, y in loader:
        loss = net(x.to(device, non_blocking=True)).sum()
        grad_scaler(loss, opt)
        print(loss.item())  # ok: GPU201 (what make_scaler() returns is unknown: no known step)


def main():
    device = torch.device("cuda")
    data = torch.utils.data.TensorDataset(torch.randn(256, 8), torch.randint(0, 2, (256,)))
    loader = torch.utils.data.DataLoader(data, batch_size=16, num_workers=2, pin_memory=True,
                                         persistent_workers=True)
    net = torch.nn.Linear(8, 2).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    fit(net, loader, opt, NativeScaler(), device)
    Trainer(net, loader, opt, apex=False).epoch(device)
    fit_unknown(net, loader, opt, device)
