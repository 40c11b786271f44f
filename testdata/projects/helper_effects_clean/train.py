"""The same helpers, called the way a careful script calls them: every N
steps or once per epoch. Nothing here is per-step work."""
import torch
from torch.utils.data import DataLoader

from quality import check_quality, validate_config
from tools import gather_metrics, keep_weights, log_progress, maybe_keep_weights, report_loss, warn_if_diverged


def main(cfg, log_every=100, save_every=1000):
    device = torch.device("cuda")
    model = torch.nn.Linear(32, 10).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    train_loader = DataLoader(cfg["train"], batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    val_loader = DataLoader(cfg["val"], batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    validate_config(cfg)
    for epoch in range(cfg["epochs"]):
        for step, (x, y) in enumerate(train_loader):
            x = x.to(device, non_blocking=True)
            y = y.to(device, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            maybe_keep_weights(step, model, "spaced.pt")
            stats = gather_metrics([loss.detach()])  # ok: GPU201
            if step % log_every == 0:
                log_progress(step, cfg["lr"])
                report_loss(step, loss)
            if step % save_every == 0:
                keep_weights(model, optimizer, "periodic.pt")
        keep_weights(model, optimizer, f"epoch{epoch}.pt")
        check_quality(model, val_loader, device)
