def log_loss(epoch, step, loss):
    print(f"epoch {epoch} step {step}: {loss.item():.4f}")
