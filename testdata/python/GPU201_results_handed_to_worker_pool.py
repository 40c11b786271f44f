# An evaluation pass that hands each batch's outputs to a pool of host
# workers (a CPU quality metric) needs them on the host on every pass: the
# copy is what the loop is for. The same copy kept in a list, or made in a
# training step, is still a read to report.
from concurrent.futures import ProcessPoolExecutor

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda")


def spectral_distance(estimate, reference):
    return float(((estimate - reference) ** 2).mean())


@torch.no_grad()
def score_with_pool(net, loader):
    net.eval()
    jobs = []
    with ProcessPoolExecutor(4) as workers:
        for (clean,) in loader:
            estimate = net(clean.to(device, non_blocking=True))
            jobs.append(workers.submit(spectral_distance, estimate.cpu(), clean))  # ok: GPU201 (the pool needs host tensors)
        return [job.result() for job in jobs]


@torch.no_grad()
def collect(net, loader):
    net.eval()
    kept = []
    for (clean,) in loader:
        estimate = net(clean.to(device, non_blocking=True))
        kept.append(estimate.cpu())  # expect: GPU201 "estimate.cpu()"
    return kept


def train(net, loader, opt):
    with ProcessPoolExecutor(2) as workers:
        for (clean,) in loader:
            estimate = net(clean.to(device, non_blocking=True))
            loss = (estimate - clean.to(device, non_blocking=True)).square().mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            workers.submit(spectral_distance, estimate.detach().cpu(), clean)  # expect: GPU201 "cpu()"


if __name__ == "__main__":
    model = nn.Linear(64, 64).to(device)
    data = DataLoader(TensorDataset(torch.randn(256, 64)), batch_size=16, num_workers=2, pin_memory=True,
                      persistent_workers=True)
    score_with_pool(model, data)
    collect(model, data)
    train(model, data, torch.optim.SGD(model.parameters(), lr=0.1))
