# An evaluation entry script named like a pytest module (SlowFast's and
# detectron's tools/test_net.py): it defines no test, so it is a script, and
# its calls bind the project's functions like any other script's. Its
# blocking copies of the pinned batches the project's loader makes are
# reported as they would be under another name. test_loaders.py beside it
# is a real test module (test code, not checked by a folder run).
import torch
import torch.nn as nn

from clipkit import loaders


@torch.no_grad()
def score_views(loader, net):
    net.eval()
    out = []
    for clips, labels in loader:
        clips = clips.cuda(non_blocking=True)
        labels = labels.cuda()  # expect: GPU104 "copies a pinned batch"
        out.append((net(clips).argmax(1) == labels).float().mean())
    return torch.stack(out).mean()


def main():
    net = nn.Sequential(nn.Flatten(1), nn.Linear(3 * 8 * 32 * 32, 400)).cuda()
    for views in (1, 5, 10):
        print(views, score_views(loaders.make_loader(views), net).item())


if __name__ == "__main__":
    main()
