"""GPU207 fixture: DataParallel in a branch the command line selects.

The evaluation script wraps the model only when asked for several GPUs; the
finding stays (the branch is how the script runs on a multi-GPU node) but
says which option selects it and what its default is.
"""
import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("-n", "--num-devices", dest="num_devices", type=int, default=1)
parser.add_argument("--replicas", type=int, default=1)
parser.add_argument("--fast", action="store_true")
args = parser.parse_args()

device = torch.device("cuda")
classifier = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 10)).to(device)
if args.num_devices > 1:
    classifier = nn.DataParallel(classifier, device_ids=list(range(args.num_devices)))  # expect: GPU207 "run with --num-devices > 1 (the default is 1)"

scorer = nn.Linear(64, 1).to(device)
if args.fast and args.replicas >= 2:
    scorer = nn.DataParallel(scorer)  # expect: GPU207 "run with --replicas >= 2 (the default is 1)"

if torch.cuda.device_count() > 1:
    # How many GPUs the node has is unknown here: no option named. The script
    # never trains, so the advice is not DDP but dropping the wrapper.
    encoder = nn.DataParallel(nn.Linear(64, 64).to(device))  # expect: GPU207 "prefix from its keys and drop the wrapper"

if args.num_devices > 1:
    pass
else:
    # The else of the multi-GPU test still wraps: the warning stands.
    backup = nn.DataParallel(nn.Linear(64, 64).to(device))  # expect: GPU207

data = TensorDataset(torch.randn(1024, 64), torch.randint(0, 10, (1024,)))
loader = DataLoader(data, batch_size=128, num_workers=4, pin_memory=True, persistent_workers=True)
with torch.no_grad():
    hits = torch.zeros((), device=device)
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        hits += (classifier(x).argmax(1) == y).sum()
print(hits.item() / len(data))
