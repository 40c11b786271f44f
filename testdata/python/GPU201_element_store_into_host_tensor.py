"""Writing a GPU tensor into an element of a tensor made on the host
(`losses[k] = loss` after `losses = torch.zeros(n)`) copies it to the host
synchronously, once per store: in a loop over batches the host waits for
the GPU on every batch. A buffer made on the GPU, a list, or a value already
read to the host cost no wait of their own."""
import numpy as np
import torch
import torch.nn.functional as F


@torch.no_grad()
def validate(model, loader, device, max_iters):
    model.eval()
    losses = torch.zeros(min(len(loader), max_iters))
    on_gpu = torch.zeros(max_iters, device=device)
    moved = torch.zeros(max_iters).to(device)
    with torch.device(device):
        made_under_context = torch.zeros(max_iters)
    listed = [0.0] * max_iters
    for k, (x, y) in enumerate(loader):
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = F.cross_entropy(model(x), y)
        on_gpu[k] = loss  # ok: the buffer lives on the GPU
        moved[k] = loss  # ok: moved to the GPU before the loop
        made_under_context[k] = loss  # ok: torch.device(...) made it on the GPU
        listed[k] = loss  # ok: a list element holds the tensor itself
        losses[k] = loss  # expect: GPU201 "Storing the GPU tensor `loss` into `losses[k]`"
    return losses.mean(), on_gpu, moved, made_under_context, listed


def train(model, loader, optimizer, device, steps):
    history = torch.empty(steps)
    per_interval = torch.zeros(steps // 100 + 1)
    host_array = np.zeros(steps)
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = F.cross_entropy(model(x), y)
        host_array[step] = float(loss.item())  # expect: GPU201 "item()"
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        if step % 100 == 0:
            per_interval[step // 100] = loss.detach()  # ok: once per 100 steps
        history[step] = loss.detach()  # expect: GPU201 "an element of a tensor made on the host by `torch.empty(steps)`"
    return history, per_interval, host_array


def main():
    device = torch.device("cuda")
    model = torch.nn.Linear(8, 4).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    data = [(torch.randn(8), torch.tensor(1)) for _ in range(256)]
    loader = torch.utils.data.DataLoader(data, batch_size=64, num_workers=2, pin_memory=True, persistent_workers=True)
    train(model, loader, optimizer, device, 1000)
    validate(model, loader, device, 10)


if __name__ == "__main__":
    main()
