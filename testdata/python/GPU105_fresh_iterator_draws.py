"""A loader drawn from through a fresh iterator: each `iter(loader)` of a
loader without persistent_workers starts its worker processes again. A
sampling helper the step loop calls every N steps (`next(iter(val_loader))`),
an iterator made at the top of each epoch, and one made on every step."""
import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=50)
parser.add_argument("--sample_every", type=int, default=200)
parser.add_argument("--steps_per_epoch", type=int, default=500)
opt = parser.parse_args()

device = torch.device("cuda")
net = torch.nn.Linear(32, 32).to(device)
optim = torch.optim.Adam(net.parameters(), lr=2e-4)

train_set = torch.utils.data.TensorDataset(torch.randn(4096, 32), torch.randn(4096, 32))
train_loader = DataLoader(train_set, batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
preview_loader = DataLoader(train_set, batch_size=8, shuffle=True, num_workers=1)  # expect: GPU105 "every N steps of the training step loop at line 45 (`done % opt.sample_every == 0`)"
kept_loader = DataLoader(train_set, batch_size=8, num_workers=2, persistent_workers=True)  # ok: GPU105 (keeps its workers between iterators)
vis_loader = DataLoader(train_set, batch_size=16, num_workers=2)  # expect: GPU105 "on each of the 50 epochs of the loop at line 44"
shape_loader = DataLoader(train_set, batch_size=8, num_workers=2)  # ok: GPU105 (one draw, before training)
final_loader = DataLoader(train_set, batch_size=8, num_workers=2)  # ok: GPU105 (one draw, after training)


def sample_previews(done):
    net.eval()
    x, _ = next(iter(preview_loader))
    with torch.no_grad():
        torch.save(net(x.to(device)), "preview_%d.pt" % done)
    kx, _ = next(iter(kept_loader))
    torch.save(kx, "inputs_%d.pt" % done)
    net.train()


first, _ = next(iter(shape_loader))
print("input shape", tuple(first.shape))

done = 0
for epoch in range(opt.epochs):
    for x, y in train_loader:
        x = x.to(device, non_blocking=True)
        y = y.to(device, non_blocking=True)
        loss = F.mse_loss(net(x), y)
        optim.zero_grad()
        loss.backward()
        optim.step()
        done += 1
        if done % opt.sample_every == 0:
            sample_previews(done)
    vis, _ = next(iter(vis_loader))
    torch.save(net(vis.to(device)), "epoch_%d.pt" % epoch)

last, _ = next(iter(final_loader))
torch.save(last, "last_inputs.pt")


def epochs_of_draws(model, data):
    """An iterator made at the top of each epoch, drawn from by a counted loop."""
    loader = DataLoader(data, batch_size=32, shuffle=True, num_workers=3, pin_memory=True)  # expect: GPU105 "on each of the 20 epochs of the loop at line 66"
    opt_local = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(20):
        batches = iter(loader)
        for step in range(100):
            x, y = next(batches)
            loss = F.mse_loss(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
            opt_local.zero_grad()
            loss.backward()
            opt_local.step()


def draw_every_step(model, data, extra):
    """A new iterator on every step: the workers restart for each batch."""
    main = DataLoader(data, batch_size=32, shuffle=True, num_workers=2, pin_memory=True, persistent_workers=True)
    aux = DataLoader(extra, batch_size=32, shuffle=True, num_workers=2, pin_memory=True)  # expect: GPU105 "on every step of the training step loop at line 81"
    opt_local = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in main:
        ax, ay = next(iter(aux))
        loss = F.mse_loss(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        loss = loss + F.mse_loss(model(ax.to(device, non_blocking=True)), ay.to(device, non_blocking=True))
        opt_local.zero_grad()
        loss.backward()
        opt_local.step()


def renewed_on_exhaustion(model, data, steps):
    """One iterator, renewed only when the loader runs out: once per epoch (its own note)."""
    loader = DataLoader(data, batch_size=32, shuffle=True, num_workers=2, pin_memory=True, persistent_workers=True)
    batches = iter(loader)
    opt_local = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(steps):
        try:
            x, y = next(batches)
        except StopIteration:
            batches = iter(loader)
            x, y = next(batches)
        loss = F.mse_loss(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        opt_local.zero_grad()
        loss.backward()
        opt_local.step()
