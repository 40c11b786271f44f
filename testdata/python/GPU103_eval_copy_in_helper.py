# An evaluation loop hands each batch to a helper that copies it to the GPU:
# the loader's batches go to the GPU from pageable memory, as when the loop
# copies them itself. A loader whose batches no helper copies stays silent.
import torch
from torch.utils.data import DataLoader, TensorDataset


class Evaluator:
    def __init__(self, net):
        self.net = net.cuda().eval()

    def score_batch(self, batch):
        x, y = batch
        return (self.net(x.cuda(non_blocking=True)).argmax(1) == y.cuda(non_blocking=True)).sum()

    def host_score(self, batch):
        x, y = batch
        return (x.sum(1) > 0).long().eq(y).sum()

    @torch.no_grad()
    def run(self, loader):
        hits = torch.zeros((), device="cuda")
        for batch in loader:
            hits += self.score_batch(batch)
        return hits

    @torch.no_grad()
    def run_host(self, loader):
        total = 0
        for batch in loader:
            total += int(self.host_score(batch))
        return total


data = TensorDataset(torch.randn(512, 8), torch.randint(0, 2, (512,)))
val_loader = DataLoader(data, batch_size=64, num_workers=4)  # expect: GPU103 "pin_memory"
host_loader = DataLoader(data, batch_size=64, num_workers=4)  # ok: GPU103 (its batches stay on the host)
ev = Evaluator(torch.nn.Linear(8, 2))
print(ev.run(val_loader), ev.run_host(host_loader))
