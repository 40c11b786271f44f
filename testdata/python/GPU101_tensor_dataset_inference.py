"""GPU101: a scoring pass over a TensorDataset of tensors already in memory
(token ids encoded up front) has nothing for workers to read or decode: each
batch is an index and a stack. A scoring pass over a dataset that loads its
samples one by one still loads them in the main process."""
import torch
from torch.utils.data import DataLoader, Dataset, TensorDataset


class JsonlTexts(Dataset):
    def __init__(self, path, encode):
        self.lines = open(path).read().splitlines()
        self.encode = encode

    def __len__(self):
        return len(self.lines)

    def __getitem__(self, i):
        return torch.tensor(self.encode(self.lines[i])[:128])


@torch.no_grad()
def rank_candidates(scorer, token_ids, lengths):
    rows = TensorDataset(token_ids, lengths)
    loader = DataLoader(rows, batch_size=128)  # expect: GPU103  # ok: GPU101 (rows of in-memory tensors, nothing to load)
    scores = []
    for ids, n in loader:
        scores.append(scorer(ids.cuda(), n.cuda()))
    return torch.cat(scores)


@torch.no_grad()
def rank_file(scorer, path, encode):
    loader = DataLoader(JsonlTexts(path, encode), batch_size=128)  # expect: GPU101, GPU103
    scores = []
    for ids in loader:
        scores.append(scorer(ids.cuda(), None))
    return torch.cat(scores)
