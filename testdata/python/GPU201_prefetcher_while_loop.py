# A validation pass fed by a prefetching wrapper (`x, y = feeder.next()`
# until it hands back None) walks one batch a pass: a read of a result on
# each pass is a read per batch. The wrapper's own next() only moves the
# batch it drew; a while loop that draws nothing is no batch loop.
import torch
from torch.utils.data import DataLoader, TensorDataset


class Prefetcher:
    def __init__(self, loader):
        self.batches = iter(loader)
        self.stream = torch.cuda.Stream()
        self.preload()

    def preload(self):
        try:
            self.x, self.y = next(self.batches)
        except StopIteration:
            self.x = self.y = None
            return
        with torch.cuda.stream(self.stream):
            self.x = self.x.cuda(non_blocking=True)
            self.y = self.y.cuda(non_blocking=True)

    def next(self):
        torch.cuda.current_stream().wait_stream(self.stream)
        x, y = self.x, self.y
        self.preload()
        return x, y


@torch.no_grad()
def validate(model, loader):
    model.eval()
    feeder = Prefetcher(loader)
    seen, errors = 0, 0.0
    x, y = feeder.next()
    while x is not None:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        errors += loss.item()  # expect: GPU201 "on every batch of the evaluation loop"
        seen += 1
        x, y = feeder.next()
    return errors / max(seen, 1)


@torch.no_grad()
def settle(model, probe):
    rounds = 0
    while rounds < 3:
        print("probe", model(probe).mean().item())  # ok: GPU201 — three rounds, no batch drawn
        rounds += 1


def main():
    model = torch.nn.Linear(32, 10).cuda()
    data = TensorDataset(torch.randn(4096, 32), torch.randint(0, 10, (4096,)))
    loader = DataLoader(data, batch_size=128, num_workers=4, pin_memory=True)
    settle(model, torch.randn(8, 32).cuda())
    print(validate(model, loader))


if __name__ == "__main__":
    main()
