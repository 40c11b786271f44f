"""Helpers called from the step loop: the sync happens here, the finding
goes to the call in the loop."""
history = []


def record(loss):
    history.append(loss.detach().cpu())  # ok: GPU201


def log_loss(epoch, step, loss):
    print(f"epoch {epoch} step {step}: {loss.item():.4f}")  # ok: GPU201 GPU206
