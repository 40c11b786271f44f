"""batch_size=1 is not a tiny batch when the dataset yields whole batches and
the collate_fn unwraps the one it gets; with a collate_fn that stacks single
samples it is."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from collate import StackCollator, UnwrapCollator, stack_pairs

device = torch.device("cuda")
model = torch.nn.Linear(16, 2).to(device)
optimizer = torch.optim.AdamW(model.parameters())
bucketed = TensorDataset(torch.randn(64, 32, 16), torch.randint(0, 2, (64, 32)))
samples = TensorDataset(torch.randn(2048, 16), torch.randint(0, 2, (2048,)))
collator = UnwrapCollator(0)

loaders = [
    DataLoader(bucketed, batch_size=1, shuffle=True, collate_fn=collator, num_workers=4,  # ok: GPU204
               pin_memory=True, persistent_workers=True),
    DataLoader(bucketed, batch_size=1, shuffle=True, collate_fn=lambda b: b[0], num_workers=4,  # ok: GPU204
               pin_memory=True, persistent_workers=True),
    DataLoader(samples, batch_size=1, shuffle=True, collate_fn=StackCollator(), num_workers=4,  # expect: GPU204 "batch size is 1"
               pin_memory=True, persistent_workers=True),
    DataLoader(samples, batch_size=1, shuffle=True, collate_fn=stack_pairs, num_workers=4,  # expect: GPU204 "batch size is 1"
               pin_memory=True, persistent_workers=True),
]

for epoch in range(3):
    for loader in loaders:
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(model(x).flatten(0, -2), y.flatten())
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
