# torchdata's StatefulDataLoader takes DataLoader's arguments and defaults:
# without num_workers it loads every batch in the training process, without
# pin_memory its batches are pageable. One given workers and pinned memory
# is fine.
import torch
from torchdata.stateful_dataloader import StatefulDataLoader


def finetune(model, dataset, optimizer, epochs):
    device = torch.device("cuda")
    model = model.to(device)
    loader = StatefulDataLoader(dataset, batch_size=16, shuffle=True)  # expect: GPU101, GPU103
    for epoch in range(epochs):
        for tokens, labels in loader:
            logits = model(tokens.to(device))
            loss = torch.nn.functional.cross_entropy(logits, labels.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def finetune_fast(model, dataset, optimizer, epochs):
    device = torch.device("cuda")
    model = model.to(device)
    loader = StatefulDataLoader(dataset, batch_size=16, shuffle=True, num_workers=8, pin_memory=True, persistent_workers=True)  # ok: GPU101 GPU103 (workers and pinned memory)
    for epoch in range(epochs):
        for tokens, labels in loader:
            logits = model(tokens.to(device, non_blocking=True))
            loss = torch.nn.functional.cross_entropy(logits, labels.to(device, non_blocking=True))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
