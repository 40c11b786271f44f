"""GPU201: `for real, fake in zip(real_outs, fake_outs):` pairs each name
with an element of its own sequence, so a helper that zips the outputs of
several discriminators (lists of GPU tensors) and reads `.item()` of each
term syncs once per term on every step. A name paired with a host list
(`weights`) stays a host value."""
import torch
from torch.utils.data import DataLoader

device = torch.device("cuda")


def discriminator_loss(real_outs, fake_outs, weights):
    loss = 0
    terms = []
    for real, fake, w in zip(real_outs, fake_outs, weights):
        term = torch.mean((1 - real) ** 2) + torch.mean(fake**2)
        loss = loss + w * term
        terms.append(term.item())  # expect: GPU201 "through discriminator_loss() called at line 40"
        print(float(w))  # ok: GPU201 (w comes from a list of Python floats)
    return loss, terms


class MultiDiscriminator(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = torch.nn.ModuleList([torch.nn.Linear(8, 1) for _ in range(3)])

    def forward(self, y, y_hat):
        return [h(y) for h in self.heads], [h(y_hat) for h in self.heads]


def train(dataset):
    disc = MultiDiscriminator().to(device)
    optimizer = torch.optim.AdamW(disc.parameters())
    weights = [1.0, 0.5, 0.25]
    loader = DataLoader(dataset, batch_size=16, num_workers=4, pin_memory=True, persistent_workers=True)
    for y in loader:
        y = y.to(device, non_blocking=True)
        real, fake = disc(y, torch.randn_like(y))
        loss, terms = discriminator_loss(real, fake, weights)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
