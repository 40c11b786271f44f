# A helper that reads its argument back element by element syncs only when
# the call hands it GPU tensors: the model's argmax does, a list of the
# host labels' slices built with append does not. A list that collects a
# GPU tensor does again.
import torch
from torch.utils.data import DataLoader

from texts import Greedy

ALPHABET = list("_abcdefghijklmnopqrstuvwxyz ")


@torch.no_grad()
def score(loader, model, greedy, device):
    model.eval()
    total = 0
    for feats, labels, lengths in loader:
        pieces, start = [], 0
        for n in lengths:
            pieces.append(labels[start:start + n])
            start += n
        refs = greedy.strings(pieces)  # ok: the pieces are slices of host labels
        probs = model(feats.to(device, non_blocking=True))
        hyps = greedy.strings(probs.argmax(-1))  # expect: GPU201 "strings() runs"
        total += sum(len(h) == len(r) for h, r in zip(hyps, refs))
    return total


@torch.no_grad()
def first_guesses(loader, model, greedy, device):
    model.eval()
    shown = 0
    for feats, labels, lengths in loader:
        best = []
        best.append(model(feats.to(device, non_blocking=True)).argmax(-1)[0])
        shown += len(greedy.strings(best))  # expect: GPU201 "strings() runs"
    return shown


if __name__ == "__main__":
    dev = torch.device("cuda")
    net = torch.nn.Linear(40, len(ALPHABET)).to(dev)
    test = DataLoader(torch.load("test.pt"), batch_size=16, num_workers=4, pin_memory=True)
    print(score(test, net, Greedy(ALPHABET), dev), first_guesses(test, net, Greedy(ALPHABET), dev))
