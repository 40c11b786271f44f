# A loader whose collate_fn builds the batch on the GPU (rays sampled with
# `device=self.device`, or a `.cuda()` copy) must run in the main process: CUDA
# cannot start in forked workers, and there is no host batch to pin. The
# same loaders with a collate_fn that stays on the host keep both findings.
import torch
from torch.utils.data import DataLoader

device = torch.device("cuda")


def sample_rays(indices):
    origins = torch.rand(len(indices), 4096, 3, device=device)
    return {"rays": origins}


def stack_on_gpu(items):
    return torch.stack(items).cuda()


def stack_on_host(items):
    return torch.stack(items).to("cpu")


class RayProvider:
    def __init__(self, poses, training):
        self.poses = poses
        self.device = device
        self.training = training

    def collate(self, index):
        poses = self.poses[index].to(self.device)
        return {"poses": poses, "dirs": torch.randn(len(index), 1024, 3, device=self.device)}

    def dataloader(self, batch_size):
        return DataLoader(list(range(len(self.poses))), batch_size=batch_size, collate_fn=self.collate,  # ok: GPU103
                          shuffle=self.training, num_workers=0)  # ok: GPU101


def fit(model, loader, optimizer):
    for batch in loader:
        x = batch["rays"] if isinstance(batch, dict) else batch.to(device, non_blocking=True)
        loss = model(x).square().mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def train(model, frames, poses, optimizer):
    model = model.to(device)
    rays = DataLoader(list(range(100)), batch_size=8, collate_fn=sample_rays, num_workers=0)  # ok: GPU101 GPU103
    fit(model, rays, optimizer)
    stacked = DataLoader(frames, batch_size=8, collate_fn=stack_on_gpu)  # ok: GPU101 GPU103
    fit(model, stacked, optimizer)
    host = DataLoader(frames, batch_size=8, collate_fn=stack_on_host)  # expect: GPU101 GPU103
    fit(model, host, optimizer)
    fit(model, RayProvider(poses, training=True).dataloader(16), optimizer)
