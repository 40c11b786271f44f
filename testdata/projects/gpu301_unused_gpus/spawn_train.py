# Starts one process per GPU itself: a plain `python spawn_train.py` uses them all.
import torch
import torch.multiprocessing as mp
from torch.utils.data import DataLoader, TensorDataset


def worker(rank, world_size):
    torch.cuda.set_device(rank)
    data = TensorDataset(torch.randn(1024, 8), torch.randn(1024, 1))
    loader = DataLoader(data, batch_size=128, num_workers=2, pin_memory=True, persistent_workers=True)
    model = torch.nn.Linear(8, 1).cuda()
    opt = torch.optim.Adam(model.parameters())
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    n = torch.cuda.device_count()
    mp.spawn(worker, args=(n,), nprocs=n)
