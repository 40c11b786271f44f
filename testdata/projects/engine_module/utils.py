"""Helpers that return tensors (on the device of their inputs)."""
import torch
import torch.distributed as dist
from torchvision import datasets


def build_dataset(is_train):
    return datasets.ImageFolder("/data/train" if is_train else "/data/val")


def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    _, pred = output.topk(maxk, 1, True, True)
    correct = pred.t().eq(target.view(1, -1))
    return [correct[:k].float().sum() * 100.0 / target.size(0) for k in topk]


def reduce_tensor(tensor):
    rt = tensor.clone()
    dist.all_reduce(rt)
    return rt / dist.get_world_size()
