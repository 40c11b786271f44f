"""Two callers of the shared loops."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from evalkit.scoring import accuracy, agreement, calibration, image_loader


def on_images(net, val_set):
    return accuracy(net, image_loader(val_set, 8), torch.device("cuda"))


def on_features(head, feats, labels):
    # Features already in memory: a plain loader, not pinned.
    loader = DataLoader(TensorDataset(feats, labels), batch_size=1024)  # expect: GPU103 "pageable host memory"  # ok: GPU101 (tensors in memory)
    device = torch.device("cuda")
    calibration(head, loader, device)
    return accuracy(head, loader, device)


def on_both(net, val_set, feats, labels):
    plain = DataLoader(TensorDataset(feats, labels), batch_size=1024)  # expect: GPU103 "pageable host memory"  # ok: GPU101 (tensors in memory)
    return agreement(net, image_loader(val_set, 8), plain, torch.device("cuda"))
