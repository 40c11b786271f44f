"""GPU201/GPU206 fixture: loops over items written in the code or typed on the command line (adapter
files, options parsed from a prompt, a self-check's test cases) walk no batches, whatever their body runs."""
import argparse
import importlib
import logging

import torch

logger = logging.getLogger(__name__)

parser = argparse.ArgumentParser()
parser.add_argument("--adapters", type=str, nargs="*", default=[])
parser.add_argument("--adapter_weights", type=float, nargs="*", default=None)
parser.add_argument("--network_module", type=str, nargs="*", default=[])
parser.add_argument("--prompts", type=str, default="prompts.txt")
args = parser.parse_args()


class Adapter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(16, 16)
        self.scale = 1.0

    def set_scale(self, scale):
        self.scale = scale

    def forward(self, x):
        return x + self.scale * self.proj(x)


@torch.no_grad()
def load_adapters(net, device):
    net.eval()
    adapters = []
    for i, path in enumerate(args.adapters):
        adapter = Adapter().to(device)
        adapter.load_state_dict(torch.load(path, map_location=device))
        adapter.eval()
        weight = args.adapter_weights[i] if args.adapter_weights else 1.0
        logger.info("adapter %d from %s, weight %.2f", i, path, weight)  # ok: GPU206 (one line per file named on the command line)
        adapter.set_scale(weight)
        net.attach(adapter)
        adapters.append(adapter)
    return adapters


def apply_networks(net, device):
    net.eval()
    for i, network_module in enumerate(args.network_module):
        logger.info("importing %s", network_module)  # ok: GPU206 (one per module named on the command line)
        imported = importlib.import_module(network_module)
        network = imported.create_network(net, multiplier=1.0)
        network.apply_to(net)
        network.to(device)


def interactive(net, adapters, device):
    net.eval()
    while True:
        line = input("prompt> ")
        if line == "quit":
            break
        parts = line.split("--")
        for opt in parts[1:]:
            key, _, value = opt.strip().partition(" ")
            if key == "scales":
                scales = value.split(",")
                if len(scales) != len(adapters):
                    logger.warning("expected %d scales", len(adapters))  # ok: GPU206 (options typed at the prompt)
                    continue
                for i, adapter_model in enumerate(adapters):
                    adapter_model.set_scale(float(scales[i]))
            else:
                logger.warning("unknown option %s", key)  # ok: GPU206
        with torch.no_grad():
            x = torch.randn(1, 16, device=device)
            for adapter in adapters:
                x = adapter(x)
            print(net(x).argmax().item())


def segment_means(x, offsets):
    out = torch.empty(len(offsets) - 1, device=x.device)
    for i in range(len(offsets) - 1):
        start, end = int(offsets[i].item()), int(offsets[i + 1].item())
        out[i] = x[start:end].mean()
    return out


def test_segment_means():
    test_cases = [("single", [5], 1.0), ("mixed", [0, 3, 9], -0.5)]
    for name, lengths, sign in test_cases:
        x = sign * torch.randn(sum(lengths), device="cuda")
        offsets = torch.tensor([0] + torch.cumsum(torch.tensor(lengths), 0).tolist(), device="cuda")
        got = segment_means(x, offsets)
        err = (got - torch.stack([s.mean() for s in x.split(lengths)])).abs().max().item()  # ok: GPU201 (one check per test case)
        print(f"{name}: max error {err:.2e}")  # ok: GPU206


def evaluate(net, loader, device):
    net.eval()
    with torch.no_grad():
        for images, labels in loader:
            logits = net(images.to(device, non_blocking=True))
            logger.info("batch accuracy %s", logits.argmax(1).eq(labels.to(device)).float().mean())  # expect: GPU201
