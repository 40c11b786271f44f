# A step that binds its loss with functools.partial and then calls the
# partial: the call runs the wrapped function with the bound arguments, so a
# read-back inside the model's forward is reached on every step, exactly as
# with a direct call (the guided-diffusion `compute_losses` shape).
import functools

import torch
import torch.nn as nn


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(32, 32)

    def forward(self, x):
        peak = x.abs().max().item()  # expect: GPU201 "through net()"
        return self.body(x) / peak


class Probe(nn.Module):
    def forward(self, x):
        return x / x.abs().max().item()  # ok: only called through a name bound twice (see rebinds)


def critic_loss(net, batch):
    return net(batch).square().mean()


def probe_loss(net, batch):
    return net(batch).mean()


def host_loss(values, scale):
    return sum(values) * scale


class Looper:
    def __init__(self, net, probe):
        self.net = net
        self.probe = probe
        self.opt = torch.optim.SGD(net.parameters(), lr=0.01)

    def fit(self, n_steps, scale):
        for step in range(n_steps):
            batch = torch.randn(64, 32, device="cuda")
            run_loss = functools.partial(critic_loss, self.net, batch)
            loss = run_loss()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            # A partial over host values calls nothing on the GPU.
            penalty = functools.partial(host_loss, [1.0, 2.0])
            print_every = penalty(scale)  # ok: a host function over host numbers

    def rebinds(self, n_steps):
        for step in range(n_steps):
            batch = torch.randn(64, 32, device="cuda")
            run = functools.partial(probe_loss, self.probe, batch)
            if step > 3:
                run = self.opt.step
            loss = run()  # ok: bound twice in this function, the object called is not known
            loss.backward()


looper = Looper(Critic().cuda(), Probe().cuda())
looper.fit(500000, 0.5)
looper.rebinds(500000)
