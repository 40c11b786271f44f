# accelerate and Lightning Fabric move every batch of a loader they prepared
# to the GPU before the step sees it, so a read of a batch tensor there waits
# for the GPU. The optimizer prepare() hands back holds no tensor, the
# enumerate() count is a host int, and a loader set up with
# move_to_device=False yields host batches.
import lightning as L
import torch
from accelerate import Accelerator
from torch.utils.data import DataLoader


def fabric_loop(dataset):
    fabric = L.Fabric(accelerator="cuda", devices=1)
    model = torch.nn.Linear(32, 1)
    optimizer = torch.optim.AdamW(model.parameters())
    model, optimizer = fabric.setup(model, optimizer)
    loader = fabric.setup_dataloaders(DataLoader(dataset, batch_size=64, num_workers=4, pin_memory=True))
    seen = 0
    for step, batch in enumerate(loader):
        loss = model(batch["x"]).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        seen += batch["n"].sum().item()  # expect: GPU201 "computed from `fabric.setup_dataloaders("
        seen += float(step)  # ok: GPU201 (the count is a host int)


def accelerate_loop(dataset):
    accelerator = Accelerator()
    model = torch.nn.Linear(32, 4)
    optimizer = torch.optim.AdamW(model.parameters())
    train_loader = DataLoader(dataset, batch_size=64, num_workers=4, pin_memory=True)
    model, optimizer, train_loader = accelerator.prepare(model, optimizer, train_loader)
    rates, positives = [], 0
    for batch in train_loader:
        loss = torch.nn.functional.cross_entropy(model(batch["x"]), batch["y"])
        accelerator.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        positives += int(batch["y"].sum())  # expect: GPU201 "computed from `accelerator.prepare("
        rates.append(optimizer.param_groups[0]["lr"])  # ok: GPU201 (the optimizer holds no tensor)


def host_batches(dataset):
    fabric = L.Fabric(accelerator="cuda", devices=1)
    model = torch.nn.Linear(32, 1)
    optimizer = torch.optim.AdamW(model.parameters())
    model, optimizer = fabric.setup(model, optimizer)
    loader = fabric.setup_dataloaders(DataLoader(dataset, batch_size=64, num_workers=4, pin_memory=True),
                                      move_to_device=False)
    seen = 0
    for batch in loader:
        loss = model(batch["x"].to(fabric.device, non_blocking=True)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        seen += batch["n"].sum().item()  # ok: GPU201 (move_to_device=False: a host tensor)
