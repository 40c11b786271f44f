"""GPU101: a module's self-check under `__main__` that builds a loader and
looks at its first batch (`for b in loader: ...; break`) reads one batch: a
worker pool would cost more than it overlaps. A loop that leaves only on a
condition still reads the data."""
import torch
from torch.utils.data import DataLoader, Dataset


class WaveClips(Dataset):
    def __len__(self):
        return 512

    def __getitem__(self, i):
        return torch.randn(16000)


def check_batches(limit_loss):
    model = torch.nn.Linear(16000, 1).cuda()
    loader = DataLoader(WaveClips(), batch_size=8)  # expect: GPU101 "num_workers is omitted"
    for clips in loader:
        loss = model(clips.cuda(non_blocking=True)).pow(2).mean()
        if loss.item() < limit_loss:
            break


if __name__ == "__main__":
    probe = DataLoader(WaveClips(), batch_size=4, shuffle=False)  # ok: GPU101 (one batch looked at)
    for clips in probe:
        print(clips.shape, clips.cuda().mean())
        break
    peek = DataLoader(WaveClips(), batch_size=4)  # ok: GPU101 (first batch of an enumeration)
    for i, clips in enumerate(peek):
        print(i, clips.std())
        break
    check_batches(0.1)
