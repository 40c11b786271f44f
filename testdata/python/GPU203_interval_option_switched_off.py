# An interval option that a mode switches off (`args.test_every = 0` when the
# script only predicts, -1 by default) and that the guard tests first
# (`test_every > 0 and (step + 1) % test_every == 0`): no interval is in
# force, so nothing under the guard runs on every step. The last batch of an
# epoch (`j + 1 == n_batches`) joins a periodic guard without making it hold
# on every step; one with an interval of 1 still does.
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--test-every", type=int, default=-1)
parser.add_argument("--save-every", type=int, default=5000)
parser.add_argument("--print-every", type=int, default=1)
parser.add_argument("--predict-only", action="store_true")
parser.add_argument("--resume", default="")
args = parser.parse_args()

device = torch.device("cuda")
net = torch.nn.Linear(8, 1).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
data = torch.utils.data.TensorDataset(torch.randn(4096, 8))
loader = torch.utils.data.DataLoader(data, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
n_batches = len(loader)

if args.resume:
    net.load_state_dict(torch.load(args.resume))
    if args.predict_only:
        args.test_every = 0  # predicting only: no periodic test

for epoch in range(10):
    for j, (xb,) in enumerate(loader):
        err = net(xb.to(device, non_blocking=True)).pow(2).mean()
        opt.zero_grad()
        err.backward()
        opt.step()
        run_test = (args.test_every > 0) and ((j + 1) % args.test_every == 0)
        if run_test:
            torch.save(net.state_dict(), "tested.pt")  # ok: GPU203 (the test interval is switched off)
        if ((j + 1) % args.save_every == 0) or (j + 1 == n_batches):
            torch.save(net.state_dict(), "last.pt")  # ok: GPU203 (every 5000 steps and at the epoch's end)
        if ((j + 1) % args.print_every == 0) or (j + 1 == n_batches):
            torch.save(net.state_dict(), "each.pt")  # expect: GPU203 "on every step"
