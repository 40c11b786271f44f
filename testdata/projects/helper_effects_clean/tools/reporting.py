"""Console reporting helpers."""
import math


def log_progress(step, lr):
    print(f"step {step} lr {lr:.6f}")


def report_loss(step, loss):
    # Prints a GPU value: one GPU201 at the caller's call, no GPU206 here.
    print(f"step {step} loss {loss.item():.4f}")


def warn_if_diverged(loss_value):
    # A failure check: the print runs on few steps.
    if not math.isfinite(loss_value):
        print("loss diverged", loss_value)
