"""Metric helpers shared by the train and validation loops."""
import torch
import torch.distributed as dist


def reduce_mean(tensor):
    # Averages a value over all ranks; returns a new tensor where `tensor` lives.
    reduced = tensor.clone()
    dist.all_reduce(reduced)
    reduced /= dist.get_world_size()
    return reduced


def top1(output, target):
    pred = output.argmax(dim=1)
    return pred.eq(target).float().mean() * 100.0


def build_training(model, device, dataset):
    # Returns the model on the device, its optimizer and a host-side loader.
    model = model.to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = torch.utils.data.DataLoader(
        dataset, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True
    )
    return model, optimizer, loader
