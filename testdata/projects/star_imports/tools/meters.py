def log_loss(step, loss):
    print(f"step {step}: loss {loss.item():.4f}")
