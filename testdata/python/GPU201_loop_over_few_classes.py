"""A loop over a few target classes (`range(min(args.num_classes, 5))`) that
runs the generator per class is no loop over batches: how often its body runs
is its caller's business (every 1000 steps here), not once per batch."""
import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--num_classes", type=int, default=10)
args = parser.parse_args()


@torch.no_grad()
def class_sweep(generator, mapper, x, class_list, out_path):
    frames = [x]
    for lab in class_list:
        pool = torch.randn(4096, 16).to(x.device)  # ok: GPU201 (a few classes, every 1000 steps)
        style = mapper(pool, lab.repeat(4096 // lab.numel())).mean(0, keepdim=True)
        frames.append(generator(x, style.repeat(x.size(0), 1)))
    torch.save(torch.cat(frames), out_path)


def class_mix(generator, mapper, x, class_list):
    styles = []
    for lab in class_list:
        noise = torch.randn(x.size(0), 16).to(x.device)  # expect: GPU201 "torch.randn(x.size(0), 16)"
        styles.append(mapper(noise, lab))
    return generator(x, torch.stack(styles).mean(0))


def train(generator, mapper, dataset):
    device = torch.device("cuda")
    generator, mapper = generator.to(device), mapper.to(device)
    opt = torch.optim.Adam(list(generator.parameters()) + list(mapper.parameters()), lr=1e-4)
    loader = DataLoader(dataset, batch_size=16, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    for step, (x, y) in enumerate(loader):
        x = x.to(device, non_blocking=True)
        y = y.to(device, non_blocking=True)
        few = [torch.tensor(c).repeat(x.size(0)).to(device) for c in range(min(args.num_classes, 3))]
        loss = F.l1_loss(class_mix(generator, mapper, x, few), x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 1000 == 0:
            shown = [torch.tensor(c).repeat(x.size(0)).to(device) for c in range(min(args.num_classes, 5))]
            class_sweep(generator, mapper, x, shown, "sweep_%06d.pt" % step)
