"""Times every training step with the same synced timer: there it stalls the step."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from detect import run_test
from timing import synced_time


def main():
    model = torch.nn.Linear(32, 4).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    data = TensorDataset(torch.randn(512, 32), torch.randint(0, 4, (512,)))
    loader = DataLoader(data, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(10):
        for x, y in loader:
            start = synced_time()  # expect: GPU201 "synced_time()"
            loss = torch.nn.functional.cross_entropy(model(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
            opt.zero_grad()
            loss.backward()
            opt.step()
            opt.param_groups[0]["lr"] = 0.1 if synced_time() - start < 1.0 else 0.05  # expect: GPU201 "synced_time()"
        run_test(model, loader)


if __name__ == "__main__":
    main()
