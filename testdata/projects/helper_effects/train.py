"""Step loop whose logging, checkpointing and evaluation live in helpers of
other modules: each finding points at the call in the loop."""
import torch
from torch.utils.data import DataLoader

from quality import check_quality, validate_config
from tools import keep_weights, log_progress, maybe_keep_weights, report_loss, warn_if_diverged
from tools.checkpoint import ping


def main(cfg):
    device = torch.device("cuda")
    model = torch.nn.Linear(32, 10).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    train_loader = DataLoader(cfg["train"], batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    val_loader = DataLoader(cfg["val"], batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(cfg["epochs"]):
        for step, (x, y) in enumerate(train_loader):
            x = x.to(device, non_blocking=True)
            y = y.to(device, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            validate_config(cfg)  # ok: GPU202
            log_progress(step, cfg["lr"])  # expect: GPU206 "log_progress() runs `print("
            report_loss(step, loss)  # expect: GPU201 "report_loss() runs `loss.item()`"
            warn_if_diverged(cfg["lr"])  # ok: GPU206
            keep_weights(model, optimizer, "last.pt")  # expect: GPU203 "keep_weights() reaches `torch.save(state, path)`"
            maybe_keep_weights(step, model, "spaced.pt")  # ok: GPU203
            check_quality(model, val_loader, device)  # expect: GPU202 "check_quality()`, which runs the loop over `loader`"
            ping(3)
            if step % 500 == 0:
                log_progress(step, cfg["lr"])  # ok: GPU206
                keep_weights(model, optimizer, "periodic.pt")  # ok: GPU203
                check_quality(model, val_loader, device)  # ok: GPU202
        keep_weights(model, optimizer, f"epoch{epoch}.pt")  # ok: GPU203
        check_quality(model, val_loader, device)  # ok: GPU202
