# A replay buffer filled by the training process itself (rollouts stored as
# tensors) hands out stored values: __getitem__ is a list lookup and the
# buffer's own collate method only pads and stacks them (through a padding
# helper, field by field). A worker would have nothing to read or decode, only
# pickling to add. A buffer whose collate method tokenizes text, or whose
# items are read from disk, keeps the finding.
import dataclasses
import itertools

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

device = torch.device("cuda")


@dataclasses.dataclass
class Rollout:
    states: torch.Tensor
    returns: torch.Tensor
    tags: list


def pad_right(rows, value=0):
    longest = max(r.size(-1) for r in rows)
    return torch.stack([F.pad(r, (0, longest - r.size(-1)), value=value) for r in rows])


def batch_rollouts(items):
    merged = {}
    for field in dataclasses.fields(Rollout):
        first = getattr(items[0], field.name)
        if isinstance(first, torch.Tensor):
            merged[field.name] = pad_right([getattr(it, field.name) for it in items])
        elif isinstance(first, list):
            merged[field.name] = list(itertools.chain.from_iterable(getattr(it, field.name) for it in items))
        else:
            raise ValueError(f"cannot batch {field.name}")
    return Rollout(**merged)


class RolloutBuffer(Dataset):
    def __init__(self):
        self.items = []

    def add(self, rollout):
        self.items.append(rollout)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]

    def collate(self, batch):
        return batch_rollouts(batch)


class CaptionBuffer(RolloutBuffer):
    def __init__(self, tokenizer):
        super().__init__()
        self.tokenizer = tokenizer

    def collate(self, batch):
        return self.tokenizer([b.tags[0] for b in batch], return_tensors="pt", padding=True)


class SavedRollouts(Dataset):
    def __init__(self, paths):
        self.paths = paths

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        return torch.load(self.paths[i])

    def collate(self, batch):
        return batch_rollouts(batch)


def learn(policy, opt, buffer, epochs=2):
    loader = DataLoader(buffer, 16, True, pin_memory=True, collate_fn=buffer.collate)  # ok: GPU101 (stored rollouts)
    for _ in range(epochs):
        for batch in loader:
            loss = policy(batch.states.to(device, non_blocking=True)).sub(batch.returns.to(device, non_blocking=True)).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()


def learn_captions(policy, opt, buffer):
    loader = DataLoader(buffer, 16, True, pin_memory=True, collate_fn=buffer.collate)  # expect: GPU101 "num_workers"
    for batch in loader:
        loss = policy(batch["input_ids"].to(device, non_blocking=True).float()).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def learn_saved(policy, opt, paths):
    saved = SavedRollouts(paths)
    loader = DataLoader(saved, 16, True, pin_memory=True, collate_fn=saved.collate)  # expect: GPU101 "num_workers"
    for batch in loader:
        loss = policy(batch.states.to(device, non_blocking=True)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def weighted(batches, weight):
    for b in batches:
        yield b, weight


def learn_weighted(policy, opt, buffer, paths):
    # Batches reach the step through a generator: the dataset and the collate still decide.
    loader = DataLoader(buffer, 16, True, pin_memory=True, collate_fn=buffer.collate)  # ok: GPU101 (stored rollouts)
    for batch, w in weighted(loader, 0.5):
        loss = policy(batch.states.to(device, non_blocking=True)).mean() * w
        opt.zero_grad()
        loss.backward()
        opt.step()
    saved = SavedRollouts(paths)
    disk = DataLoader(saved, 16, True, pin_memory=True, collate_fn=saved.collate)  # expect: GPU101 "num_workers"
    for batch, w in weighted(disk, 0.5):
        loss = policy(batch.states.to(device, non_blocking=True)).mean() * w
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    net = torch.nn.Linear(8, 1).to(device, non_blocking=True)
    sgd = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(100):
        buf = RolloutBuffer()
        with torch.no_grad():
            for _ in range(256):
                buf.add(Rollout(torch.randn(8), torch.randn(1), ["walk"]))
        learn(net, sgd, buf)
    learn_captions(net, sgd, CaptionBuffer(tokenizer=None))
    learn_saved(net, sgd, ["a.pt", "b.pt"])
    learn_weighted(net, sgd, buf, ["a.pt"])
