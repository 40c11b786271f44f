"""Per-step work on a batch dataclass: formatting its string key or
counting its frame ids reads no GPU value; reading a tensor field does."""
import torch

from batches import make_loader


def train(model, dataset, optimizer, log):
    model = model.cuda()
    device = torch.device("cuda")
    loader = make_loader(dataset, 32)
    for step, batch in enumerate(loader):
        batch = batch.to(device, non_blocking=True)
        loss = model(batch.frames, batch.masks).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        name = f"loss/{batch.dict_key}"  # ok: GPU201 (a str field of the batch)
        count = len(batch.frame_ids)  # ok: GPU201 (a List[int] field)
        visible = batch.masks.sum().item()  # expect: GPU201
        log[name] = (count, visible)
