"""A training loader whose dataset holds its samples in memory (pre-tokenized
ids, images decoded once in __init__) has nothing for a worker to read or
decode: a batch is lookups and a pad or a stack. One whose __getitem__
reads a file, or whose collate_fn tokenizes, still loads in the step."""
import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader, Dataset

device = torch.device("cuda")
model = torch.nn.Embedding(32000, 64).to(device)
opt = torch.optim.AdamW(model.parameters(), lr=1e-4)


class TokenRows(Dataset):
    def __init__(self, rows):
        self.rows = rows

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        return self.rows[i]["ids"].type(torch.int64), self.rows[i]["labels"].long()


class TokenFiles(Dataset):
    def __init__(self, paths):
        self.paths = paths

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        return torch.load(self.paths[i])


def pad_pairs(batch):
    ids, labels = zip(*batch)
    return pad_sequence(ids, batch_first=True), pad_sequence(labels, batch_first=True, padding_value=-100)


def tokenize_pairs(batch):
    return torch.tensor([[hash(w) % 32000 for w in text.split()] for text in batch])


def train(rows, paths, texts):
    in_memory = DataLoader(TokenRows(rows), batch_size=8, shuffle=True, collate_fn=pad_pairs, pin_memory=True)  # ok: lookups and a pad per batch
    from_disk = DataLoader(TokenFiles(paths), batch_size=8, shuffle=True, pin_memory=True)  # expect: GPU101 "num_workers is omitted"
    from_text = DataLoader(texts, batch_size=8, collate_fn=tokenize_pairs, pin_memory=True)  # expect: GPU101 "num_workers is omitted"
    fit(in_memory)
    fit(from_disk)
    fit(from_text)


def fit(loader):
    for batch in loader:
        ids = (batch[0] if isinstance(batch, tuple) else batch).to(device, non_blocking=True)
        loss = model(ids).float().pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
