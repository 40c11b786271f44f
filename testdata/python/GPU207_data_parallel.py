"""GPU207 fixture: models wrapped in single-process torch.nn.DataParallel."""
import argparse
import os

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch import nn as tnn
from torch.nn.parallel import DataParallel as DP
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch_geometric.nn import DataParallel as GeoDataParallel

parser = argparse.ArgumentParser(description="ImageNet-style training")
parser.add_argument("--arch", default="resnet50")
parser.add_argument("--epochs", type=int, default=90)
parser.add_argument("--batch-size", type=int, default=256)
parser.add_argument("--workers", type=int, default=8)
parser.add_argument("--gpu", type=int, default=None)
parser.add_argument("--multi-gpu", action="store_true")
parser.add_argument("--local-rank", type=int, default=int(os.environ.get("LOCAL_RANK", 0)))
args = parser.parse_args()

Parallel = torch.nn.DataParallel


class ResNetBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.conv = nn.Conv2d(width, width, 3, padding=1)
        self.bn = nn.BatchNorm2d(width)

    def forward(self, x):
        return F.relu(self.bn(self.conv(x))) + x


class Net(nn.Module):
    def __init__(self, classes=1000):
        super().__init__()
        self.stem = nn.Conv2d(3, 64, 7, stride=2, padding=3)
        self.blocks = nn.Sequential(*[ResNetBlock(64) for _ in range(4)])
        self.head = nn.Linear(64, classes)

    def forward(self, x):
        x = self.blocks(self.stem(x))
        return self.head(x.mean(dim=(2, 3)))


class AttrDataParallel(nn.DataParallel):
    """Forwards unknown attributes to the wrapped module (a common helper)."""

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.module, name)


class DataParallel:
    """A project class that happens to share the name; not torch's."""

    def __init__(self, module):
        self.module = module


def build_model(device):
    model = Net()
    if torch.cuda.device_count() > 1:
        print(f"Let's use {torch.cuda.device_count()} GPUs!")
        model = nn.DataParallel(model)  # expect: GPU207 "one Python process"
    return model.to(device)


def build_model_flag(device):
    model = Net().to(device)
    if args.multi_gpu:
        # The multi-GPU path of this script is DataParallel: it is what runs on a multi-GPU job.
        model = torch.nn.DataParallel(model, device_ids=list(range(torch.cuda.device_count())))  # expect: GPU207
    return model


def build_model_aliases(device):
    a = tnn.DataParallel(Net()).cuda()  # expect: GPU207
    b = DP(Net(), device_ids=[0, 1], output_device=0)  # expect: GPU207
    c = Parallel(Net())  # expect: GPU207
    d = AttrDataParallel(Net().to(device))  # expect: GPU207 "subclass of torch.nn.DataParallel"
    e = torch.nn.parallel.DataParallel(  # expect: GPU207
        Net(),
        device_ids=[0, 1, 2, 3],
    )
    return a, b, c, d, e


def build_graph_model(gnn):
    return GeoDataParallel(gnn)  # expect: GPU207


def build_model_distributed():
    # Negative cases: one process per GPU, or nothing to parallelise.
    dist.init_process_group(backend="nccl")
    torch.cuda.set_device(args.local_rank)
    model = Net().cuda(args.local_rank)
    ddp = DDP(model, device_ids=[args.local_rank])  # ok: GPU207 (DistributedDataParallel)
    ddp2 = nn.parallel.DistributedDataParallel(model, device_ids=[args.local_rank])  # ok: GPU207
    sync = nn.SyncBatchNorm.convert_sync_batchnorm(model)  # ok: GPU207
    return ddp, ddp2, sync


def build_single_gpu():
    model = Net().cuda(args.gpu)
    one = nn.DataParallel(model, device_ids=[args.gpu])  # ok: GPU207 (one device: calls the module directly)
    zero = nn.DataParallel(model, [0])  # ok: GPU207 (one device)
    local = DataParallel(model)  # ok: GPU207 (project class, not torch's)
    return one, zero, local


EVAL_GPUS = [0]


def wrap_for_eval(net, gpu_ids=[0]):
    # Every caller keeps the one-device default: no replication.
    return nn.DataParallel(net.to(gpu_ids[0]), device_ids=gpu_ids)  # ok: GPU207 (gpu_ids is [0] on every call)


def wrap_constant(net):
    return nn.DataParallel(net, device_ids=EVAL_GPUS)  # ok: GPU207 (a one-device constant)


def wrap_pair(net, gpu_ids=(0, 1)):
    return nn.DataParallel(net, device_ids=gpu_ids)  # expect: GPU207


def build_perceptual():
    return wrap_for_eval(Net()), wrap_constant(Net()), wrap_pair(Net())


def unwrap(model):
    # Referring to the class is not wrapping anything.
    if isinstance(model, (nn.DataParallel, DDP)):  # ok: GPU207
        return model.module
    return model


def save(model, path):
    state = unwrap(model).state_dict()
    torch.save(state, path)


def main():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = build_model(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    train_set = torch.utils.data.TensorDataset(torch.randn(1024, 3, 64, 64), torch.randint(0, 1000, (1024,)))
    loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True, num_workers=args.workers,
                        pin_memory=True, persistent_workers=True)
    for epoch in range(args.epochs):
        model.train()
        for images, target in loader:
            images = images.to(device, non_blocking=True)
            target = target.to(device, non_blocking=True)
            loss = F.cross_entropy(model(images), target)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
        save(model, f"checkpoint_{epoch}.pt")


if __name__ == "__main__":
    main()
