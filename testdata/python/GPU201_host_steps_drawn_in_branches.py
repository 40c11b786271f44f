# Timesteps drawn on the host in either arm of an if/else and then copied to
# the GPU with a blocking copy: whichever arm ran, the copy waits for the
# encoder's queued work. When one arm already draws on the GPU, the name may
# hold a GPU tensor and the copy may be a no-op: silent.
import torch

enc = torch.nn.Conv2d(3, 4, 3, padding=1).cuda()
net = torch.nn.Conv2d(4, 4, 3, padding=1).cuda()
opt = torch.optim.AdamW(net.parameters())


def draw_steps(lo, hi, n, device, fixed=False):
    if fixed:
        t = torch.full((n,), hi - 1, device="cpu")
    else:
        t = torch.randint(lo, hi, (n,), device="cpu")
    return t.long().to(device)  # expect: GPU201 "through draw_steps() called at line 42"


def draw_steps_mixed(lo, hi, n, device, fixed=False):
    if fixed:
        t = torch.full((n,), hi - 1, device=device)
    else:
        t = torch.randint(lo, hi, (n,), device="cpu")
    return t.long().to(device)


def fit(loader, uniform):
    for x in loader:
        x = x.cuda(non_blocking=True)
        with torch.no_grad():
            z = enc(x)
        if uniform:
            steps = torch.randint(0, 1000, (z.shape[0],))
        else:
            steps = torch.full((z.shape[0],), 999)
        steps = steps.to(z.device)  # expect: GPU201 "makes a tensor on the host with `torch.randint(0, 1000"
        loss = torch.nn.functional.mse_loss(net(z) * steps.view(-1, 1, 1, 1), z)
        loss.backward()
        opt.step()
        opt.zero_grad()
        more = draw_steps(0, 1000, z.shape[0], z.device)  # (reported in draw_steps, where the copy is)
        mixed = draw_steps_mixed(0, 1000, z.shape[0], z.device)  # ok: one arm draws on the GPU already
