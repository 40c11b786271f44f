"""Host reads of losses kept in a dict or list filled entry by entry, and
passed through a reduce helper that may return its argument: the entries are
the GPU tensors put in them. Entries stored as host numbers stay silent."""
import torch
import torch.distributed as dist


def reduce_loss_dict(loss_dict):
    if not dist.is_initialized() or dist.get_world_size() < 2:
        return loss_dict
    with torch.no_grad():
        keys = sorted(loss_dict.keys())
        stacked = torch.stack([loss_dict[k] for k in keys], 0)
        dist.reduce(stacked, dst=0)
    return {k: v for k, v in zip(keys, stacked)}


def train(generator, discriminator, loader, g_optim, d_optim, device):
    for step, real in enumerate(loader):
        real = real.to(device, non_blocking=True)
        loss_dict = {}
        d_loss = torch.nn.functional.softplus(discriminator(generator(real))).mean()
        loss_dict["d"] = d_loss
        stats = {}
        stats["lr"] = d_optim.param_groups[0]["lr"]
        stats["step"] = step
        stats["d"] = d_loss.detach()
        d_now = float(stats['d'])  # expect: GPU201 "float(stats['d'])"
        d_optim.zero_grad()
        d_loss.backward()
        history = []
        history.append(d_loss.detach())
        last = history[-1].item()  # expect: GPU201 "history[-1].item()"
        d_optim.step()
        reduced = reduce_loss_dict(loss_dict)
        d_val = reduced['d'].mean().item()  # expect: GPU201 "reduced['d'].mean().item()"
        lr = float(stats["lr"])  # ok: GPU201 (the learning rate is a host float)
        print_every = int(stats["step"])  # ok: GPU201 (the step counter is a host int)
        host_history = []
        host_history.append(step * 0.5)
        first = float(host_history[0])  # ok: GPU201 (host numbers)
        if step % 100 == 0:
            print(d_val, lr, print_every, d_now, last, first)  # ok: GPU206 (every 100 steps)


def main(loader):
    device = torch.device("cuda")
    generator = torch.nn.Linear(8, 8).to(device)
    discriminator = torch.nn.Linear(8, 1).to(device)
    g_optim = torch.optim.Adam(generator.parameters())
    d_optim = torch.optim.Adam(discriminator.parameters())
    train(generator, discriminator, loader, g_optim, d_optim, device)
