"""A confidence score made by a cumulative product of GPU probabilities is a GPU tensor: printing
it in an f-string per batch copies it to the host each time."""
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


@torch.no_grad()
def predict(net, loader, device):
    for (x,) in loader:
        x = x.to(device, non_blocking=True)
        probs = F.softmax(net(x), dim=-1)
        best_prob, _ = probs.max(dim=-1)
        score = best_prob.cumprod(dim=0)[-1]
        print(f"confidence {score:0.4f}")  # expect: GPU201 "score"
        running = best_prob.cummax(dim=0).values
        kept = running[-1]  # ok: GPU201 (stays on the GPU: nothing reads it on the host)


if __name__ == "__main__":
    device = torch.device("cuda")
    net = torch.nn.Linear(16, 10).to(device).eval()
    loader = DataLoader(TensorDataset(torch.randn(4096, 16)), batch_size=256, num_workers=4, pin_memory=True)
    predict(net, loader, device)
