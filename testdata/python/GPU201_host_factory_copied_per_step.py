# Tensors that a torch factory makes on the host and the step then copies to
# the GPU (`torch.randperm(n).cuda()`, `torch.zeros(n).to(device)`): PyTorch
# waits for the GPU's queued work after a copy without non_blocking, so each
# one drains the GPU once per step, in the step loop or in the forward it
# calls. Made with `device=` they need no copy; a copy made once before the
# loop or an asynchronous one is something else. A blocking copy right after
# the drain (`torch.tensor([0, 1]).cuda()`) waits again and joins its finding.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda")


class ShuffledHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(64, 64)
        self.head = nn.Linear(64, 10)

    def forward(self, x):
        order = torch.randperm(x.shape[0]).cuda()  # expect: GPU201 "makes a tensor on the host with `torch.randperm(x.shape[0])`"
        feats = self.body(x[order])
        back = torch.argsort(order)
        return self.head(feats[back])


def train(loader, net, opt):
    fixed_ids = torch.arange(10).to(device)  # ok: made once, before the loop
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        logits = net(x)
        weights = torch.ones(10).to(device)  # expect: GPU201 "Line 36 waits on the GPU again right after it"
        smooth = torch.full((x.shape[0],), 0.1, device=device)  # ok: made on the GPU
        noise = torch.rand(x.shape[0]).cuda(non_blocking=True)  # ok: asynchronous copy
        targets = torch.tensor([0, 1]).cuda()  # ok: waits right after the drain at line 33: one finding with it
        loss = nn.functional.cross_entropy(logits, y, weight=weights) + (smooth * noise).mean() * 0
        opt.zero_grad()
        loss.backward()
        opt.step()
        window = torch.hann_window(10).to(device)  # expect: GPU201 "makes a tensor on the host with `torch.hann_window(10)`"
    return fixed_ids, targets, window


if __name__ == "__main__":
    data = TensorDataset(torch.randn(1024, 64), torch.randint(0, 10, (1024,)))
    loader = DataLoader(data, batch_size=128, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    net = ShuffledHead().to(device)
    train(loader, net, torch.optim.SGD(net.parameters(), lr=0.1))
