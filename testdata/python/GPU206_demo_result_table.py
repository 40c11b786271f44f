# A recognition demo that never trains prints a results table for its user:
# one row per image, written from a loop over the batch's file names and the
# decoded words, is the tool's output, like a predictions file. A fixed text
# printed for every batch (the table's header here; a "batch done" line is
# the same to the rule) and a running count of batches still count.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

device = torch.device("cuda")
ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"


class Crops(Dataset):
    def __init__(self, n):
        self.paths = ["crop_%04d.png" % i for i in range(n)]

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        return torch.randn(1, 32, 100), self.paths[i]


def decode(rows):
    return ["".join(ALPHABET[j % 36] for j in row) for row in rows]


def main():
    net = nn.Sequential(nn.Flatten(1), nn.Linear(3200, 26 * 37), nn.Unflatten(1, (26, 37))).to(device)
    loader = DataLoader(Crops(64), batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    net.eval()
    done = 0
    with torch.no_grad():
        for crops, paths in loader:
            ids = net(crops.to(device, non_blocking=True)).argmax(2)
            print("%-24s %-24s" % ("image", "prediction"))  # expect: GPU206 "logs on every batch"
            for path, word in zip(paths, decode(ids.tolist())):  # expect: GPU201 "copies the GPU tensor"
                print(f"{path:24s} {word:24s}")  # ok: one row per image, naming it
            done += 1
            print(f"{done} batches done")  # expect: GPU206 "logs on every batch"


if __name__ == "__main__":
    main()
