# An evaluation loop written by hand over the loader's iterator (`while
# True: batch = next(it, None)`, stopping at the default) walks one batch a
# pass like `for batch in loader:`; a copy to the host in it runs on every
# batch. A while loop that only polls a counter, with no batch drawn, is not
# a batch loop.
import torch
from torch.utils.data import DataLoader


@torch.inference_mode()
def gather_features(encoder, loader, device):
    features = []
    seen = 0
    it = iter(loader)
    while True:
        batch = next(it, None)
        if batch is None:  # ok: GPU201 — a Python None test
            break
        out = encoder(batch["pixels"].to(device, non_blocking=True))
        features.append(out.cpu())  # expect: GPU201 "on every batch of the evaluation loop"
        seen += 1
        if seen % 200 == 0:
            print(f"{seen} batches, last norm {out.norm():.3f}")  # ok: GPU201 — every 200 batches
    return torch.cat(features)


@torch.inference_mode()
def wait_for_warmup(encoder, probe, device):
    rounds = 0
    while rounds < 3:
        out = encoder(probe.to(device))
        print("warm-up", out.mean().item())  # ok: GPU201 — three rounds, no batches drawn
        rounds += 1


def main():
    device = torch.device("cuda")
    encoder = torch.nn.Linear(64, 16).to(device).eval()
    data = [{"pixels": torch.randn(64)} for _ in range(1024)]
    loader = DataLoader(data, batch_size=32, num_workers=4, pin_memory=True)
    wait_for_warmup(encoder, torch.randn(8, 64), device)
    gather_features(encoder, loader, device)


if __name__ == "__main__":
    main()
