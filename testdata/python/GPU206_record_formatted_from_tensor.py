"""GPU206 fixture: a progress-bar record formatted from a GPU tensor on the
line before it is one logging event, reported once: GPU201 at the
formatting (which copies the tensor to the host), not GPU206 again at the
call that receives the string. A record built from host values only is
still per-step logging."""
import torch
from torch.utils.data import DataLoader
from tqdm import tqdm


def train(model, loader, optimizer, epochs):
    device = torch.device("cuda")
    model = model.to(device)
    for epoch in range(epochs):
        mloss = torch.zeros(3, device=device)
        pbar = tqdm(enumerate(loader), total=len(loader))
        for i, (images, targets) in pbar:
            images = images.to(device, non_blocking=True)
            targets = targets.to(device, non_blocking=True)
            loss, items = model(images, targets)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            mloss = (mloss * i + items.detach()) / (i + 1)
            s = ("%10s" + "%10.4g" * 3) % (f"{epoch}/{epochs - 1}", *mloss)  # expect: GPU201 "Formatting the GPU tensor `mloss` into a string"
            pbar.set_description(s)  # ok: GPU206 (the same event as the formatting above)
            progress = f"epoch {epoch} batch {i}"
            pbar.set_postfix_str(progress)  # expect: GPU206 "logs on every step"


def main():
    model = torch.nn.Linear(4, 4)
    loader = DataLoader(range(64), batch_size=16, num_workers=4, pin_memory=True, persistent_workers=True)
    train(model, loader, torch.optim.SGD(model.parameters(), lr=0.1), 10)


if __name__ == "__main__":
    main()
