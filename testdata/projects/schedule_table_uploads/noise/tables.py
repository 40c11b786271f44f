# A diffusion schedule kept as numpy tables and a lookup list on the object:
# each step turns them into tensors and copies them to the GPU with a
# blocking copy, after the step has queued the encoder's work.
import numpy as np
import torch


def gather(table, t, ndim):
    # torch.from_numpy always makes a host tensor, whatever `table` is.
    out = torch.from_numpy(table).to(device=t.device)[t].float()
    while out.dim() < ndim:
        out = out[..., None]
    return out


class SpacedModel:
    def __init__(self, net, stride=1):
        self.net = net
        self.kept = []
        for k in range(0, 1000, stride):
            self.kept.append(k)
        self.scale = torch.ones(1, device="cuda")

    def __call__(self, x, t):
        lookup = torch.tensor(self.kept, device=t.device, dtype=t.dtype)  # a host list uploaded on every call
        gain = torch.as_tensor(self.scale, device=t.device)  # not host data: the tensor is already on the GPU
        return self.net(x) * gain * (lookup[t].float() / 1000.0)[:, None, None, None]


class Scheduler:
    def __init__(self, n=1000):
        betas = np.linspace(1e-4, 0.02, n)
        self.keep = np.sqrt(np.cumprod(1.0 - betas))
        self.drop = np.sqrt(1.0 - np.cumprod(1.0 - betas))

    def noised(self, x0, t, eps):
        return gather(self.keep, t, x0.dim()) * x0 + gather(self.drop, t, x0.dim()) * eps

    def loss(self, net, x0, t):
        eps = torch.randn_like(x0)
        return (net(self.noised(x0, t, eps)) - eps).pow(2).mean()

    def spaced_loss(self, net, x0, t):
        eps = torch.randn_like(x0)
        spaced = SpacedModel(net)
        return (spaced(x0 + eps, t) - eps).pow(2).mean()

    def host_preview(self, t_host):
        return torch.from_numpy(self.keep)[t_host]  # stays on the host: no copy
