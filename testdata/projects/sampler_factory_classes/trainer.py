"""The trainer takes whichever sampler the script names (or a uniform one):
no single `draw` runs, but every candidate returns tensors on the device it
is given, so reading them is a sync; the host draws are not."""
import argparse
import json

import torch

from timesteps import UniformSteps, sampler_named


class DenoiserTrainer:
    def __init__(self, net, data, steps, sampler=None):
        self.net = net
        self.data = data
        self.sampler = sampler or UniformSteps(steps)
        self.opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
        self.device = torch.device("cuda")

    def run(self, total):
        for step in range(total):
            x = next(self.data).to(self.device, non_blocking=True)
            t, w = self.sampler.draw(x.shape[0], self.device)
            loss = ((self.net(x) - x).pow(2).mean(dim=1) * w).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            print(step, t.float().mean().item())  # expect: GPU201 "t.float().mean().item()"
            t_host, _ = self.sampler.draw_on_host(x.shape[0])
            print(step, t_host.float().mean().item())  # ok: GPU201 (every candidate draws on the host)


def endless():
    while True:
        yield torch.randn(32, 16).pin_memory()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", required=True)
    args = parser.parse_args()
    with open(args.config) as f:
        config = json.load(f)
    net = torch.nn.Linear(16, 16).cuda()
    DenoiserTrainer(net, endless(), 1000, sampler=sampler_named(config["sampler"], 1000)).run(10_000)
