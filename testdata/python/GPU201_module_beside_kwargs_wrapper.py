# A renderer takes its network as a parameter: the step loop passes the GPU
# module by keyword, and a chunking wrapper forwards `**kw` (a value we
# cannot see). The wrapper neither confirms nor denies the parameter is a
# module; the visible caller does, so the network's output is a GPU tensor.
import torch
import torch.nn as nn

DEBUG = False
device = torch.device("cuda")


def render(rays, network_fn=None):
    raw = network_fn(rays)
    rgb = torch.sigmoid(raw[:, :3])
    if torch.isnan(rgb).any() and DEBUG:  # expect: GPU201 "truth value"
        print("nan in rgb")
    return rgb


def render_chunks(rays, chunk=4096, **kw):
    parts = []
    for i in range(0, rays.shape[0], chunk):
        parts.append(render(rays[i:i + chunk], **kw))
    return torch.cat(parts)


def shade(rays, activation=None):
    out = activation(rays)
    if torch.isnan(out).any():  # ok: GPU201 -- the one visible caller passes a function, not a module
        print("nan")
    return out


def paint(rays, network_fn=None):
    out = network_fn(rays)
    if torch.isnan(out).any():  # ok: GPU201 -- its only caller forwards options we cannot see
        print("nan")
    return out


def paint_all(rays, **kw):
    return paint(rays, **kw)


def train(steps, paint_options):
    net = nn.Linear(6, 4).to(device)
    opt = torch.optim.Adam(net.parameters(), lr=5e-4)
    for it in range(steps):
        rays = torch.rand(1024, 6, device=device)
        rgb = render(rays, network_fn=net)
        shaded = shade(rays, activation=torch.sigmoid)
        paint_all(rays, **paint_options)
        loss = (rgb - shaded[:, :3]).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return render_chunks(torch.rand(8192, 6, device=device), network_fn=net)
