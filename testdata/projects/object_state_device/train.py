"""A precision wrapper keeps the model's parameters on `self` in __init__; the
step loop's helper walks them in another method, per step."""
import torch
import torch.nn as nn

from precision import GradScalerWrapper, StepRunner


def main():
    device = torch.device("cuda")
    net = nn.Sequential(nn.Linear(64, 128), nn.GELU(), nn.Linear(128, 10)).to(device)
    wrapper = GradScalerWrapper(net, keep_fp32=True)
    runner = StepRunner(net, wrapper, torch.optim.AdamW(net.parameters(), lr=1e-3))
    batches = [(torch.randn(32, 64), torch.randint(0, 10, (32,))) for _ in range(100)]
    runner.run(batches, device)


if __name__ == "__main__":
    main()
