"""Multi-view batches: the loader pins each view, but joining the views on
the host writes a new pageable tensor, whose copy to the GPU blocks."""
import torch
from torch.utils.data import DataLoader


def train(model, opt, dataset, epochs=100):
    device = torch.device("cuda")
    loader = DataLoader(dataset, batch_size=128, shuffle=True, num_workers=8, pin_memory=True, persistent_workers=True)
    plain = DataLoader(dataset, batch_size=128, shuffle=True, num_workers=8, persistent_workers=True)  # expect: GPU103 "pageable host memory"
    for epoch in range(epochs):
        for views, _ in loader:
            images = torch.cat(views, dim=0)
            images = images.to(device, non_blocking=True)  # expect: GPU104 "joined on the host at line 13"
            loss = model(images).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        for views, _ in loader:
            pair = torch.stack(views).cuda()  # expect: GPU104 "copies `torch.stack(views)`"
            loss = model(pair.flatten(0, 1)).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        for views, _ in loader:
            images = torch.cat([v.to(device, non_blocking=True) for v in views], dim=0)  # ok: GPU104 (each pinned view copied asynchronously, joined on the GPU)
            loss = model(images).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        for left, right, labels in loader:
            pair = torch.cat([left, right], dim=0)
            pair, labels = pair.to(device), labels.to(device)  # expect: GPU104 "joined on the host at line 32", GPU104 "`labels.to(device)` copies a pinned batch"
            loss = model(pair).pow(2).mean() + labels.float().mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        for left, right, labels in loader:
            pair = torch.cat([left, torch.zeros_like(left)], dim=0).to(device, non_blocking=True)  # ok: GPU104 (one part is not the batch: made here, its copy is another question)
            loss = model(pair).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        for views, _ in plain:
            images = torch.cat(views, dim=0).to(device)  # ok: GPU104 (the loader does not pin: GPU103 reports it)
            loss = model(images).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
