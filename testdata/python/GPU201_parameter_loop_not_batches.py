"""A histogram logger named like validation walks the model's parameters:
weights, not batches, and it runs every 1000 steps, so its copies are not
per-batch syncs. A norm read per parameter inside the step loop still runs
on every step, and so does the read in a real validation loop."""
import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.tensorboard import SummaryWriter


class Logger(SummaryWriter):
    def log_validation(self, model, step):
        for name, value in model.named_parameters():
            self.add_histogram(name, value.data.cpu().numpy(), step)  # ok: GPU201 (weights, every 1000 steps)
        for name, buffer in model.state_dict().items():
            self.add_histogram("state/" + name, buffer.cpu().numpy(), step)  # ok: GPU201 (same)


def validate(model, loader, device):
    model.eval()
    total = 0.0
    with torch.no_grad():
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            total += ((model(x) - y) ** 2).mean().item()  # expect: GPU201 "copies"
    model.train()
    return total


def main():
    device = torch.device("cuda")
    net = torch.nn.Linear(16, 3).to(device)
    opt = torch.optim.Adam(net.parameters())
    logger = Logger("runs")
    data = TensorDataset(torch.randn(4096, 16), torch.randn(4096, 3))
    loader = DataLoader(data, batch_size=128, num_workers=4, pin_memory=True, persistent_workers=True)
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = ((net(x) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        norms = [p.grad.norm().item() for p in net.parameters()]  # expect: GPU201 "copies"
        opt.step()
        if step % 1000 == 0:
            logger.log_validation(net, step)
            logger.add_scalar("val", validate(net, loader, device), step)
            logger.add_scalar("grad_norm", max(norms), step)


if __name__ == "__main__":
    main()
