# Branches that run only on a device other than CUDA (Apple's MPS, an XLA
# device, the CPU): on the CUDA GPU node gpulint judges the script on, their
# reads never run. The CUDA branch still does.
import torch

device = torch.device("cuda")


def fit(model, loader, optimizer):
    model = model.to(device)
    use_mps = device.type == "mps"
    last = 0.0
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device), y.to(device)
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if use_mps:
            last = loss.item()  # ok: GPU201 (true only on Apple's MPS backend)
        if "xla" in str(device):
            last = loss.cpu()  # ok: GPU201 (an XLA device only)
        if torch.backends.mps.is_available():
            last = float(loss)  # ok: GPU201 (no MPS on a CUDA node)
        if device.type in ("cpu", "mps"):
            last = loss.item()  # ok: GPU201 (never the CUDA device)
        if device.type == "cuda":
            last = loss.item()  # expect: GPU201 "loss.item()"
    return last
