"""A name bound on both branches of an if statement takes its value from
either: `acc = (pred == y).float().mean()` when there is no mixup, else
None. The GPU branch is enough for a read of it to sync on the GPU node
(any path that puts a value on the GPU counts), and `if acc:` asks for a
GPU scalar's truth value. When both branches leave a host value, or the
branch that moves it to the host always runs on a GPU node, nothing syncs."""
import torch
import torch.nn.functional as F


def train(model, loader, optimizer, mixup_fn, device, history):
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        output = model(x)
        loss = F.cross_entropy(output, y)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        if mixup_fn is None:
            class_acc = (output.argmax(-1) == y).float().mean()
        else:
            class_acc = None
        if class_acc:  # expect: GPU201 "Line 24 reads a GPU value right after it"
            history.append(class_acc.item())  # ok: reads right after the test above: part of its finding
        if mixup_fn is None:
            host_acc = 0.5
        else:
            host_acc = None
        if host_acc:  # ok: a float or None on either branch
            history.append(host_acc)
        count = len(history)
        if count:  # ok: a length, a host int
            history.append(count)


@torch.no_grad()
def predict(model, loader, device):
    model.eval()
    outputs = []
    for x, _ in loader:
        preds = model(x.to(device, non_blocking=True))
        if torch.cuda.is_available():
            preds = preds.cpu()  # expect: GPU201 "preds.cpu()"
        outputs.append(preds.numpy())  # ok: on a GPU node the branch above always ran
    return outputs


def main():
    device = torch.device("cuda")
    model = torch.nn.Linear(8, 4).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    data = [(torch.randn(8), 1) for _ in range(64)]
    loader = torch.utils.data.DataLoader(data, batch_size=64, num_workers=2, pin_memory=True, persistent_workers=True)
    train(model, loader, optimizer, None, device, [])
    predict(model, loader, device)


if __name__ == "__main__":
    main()
