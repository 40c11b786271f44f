# A tensor built from a Python sequence of GPU tensors takes each element as
# a number: one copy to the host, and one wait for the GPU, per element.
import torch
import torch.nn.functional as F


def fit(net, loader, opt, max_norm=None, steps=10000):
    net = net.cuda()
    for step, (x, y) in enumerate(loader):
        loss = F.cross_entropy(net(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        if max_norm is not None:
            total = torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm)  # ok: GPU201 (no read)
        else:
            total = torch.norm(torch.tensor([torch.norm(p.grad) for p in net.parameters() if p.grad is not None]))  # expect: GPU201 "one by one"
        pair = torch.tensor([loss.detach(), total])  # expect: GPU201 "builds a tensor from GPU tensors"
        stacked = torch.stack([loss.detach(), total])  # ok: GPU201 (stays on the GPU)
        sizes = torch.tensor([x.shape[0], y.shape[0]])  # ok: GPU201 (host ints)
        reduced = reduce_metric(loss.detach()) + reduce_metric(step)
        opt.step()
        if step == steps:
            break
    return stacked, pair, sizes, reduced


def reduce_metric(value):
    if type(value) is not torch.Tensor:
        value = torch.tensor([value])  # ok: GPU201 (a Python number in this branch)
    if not isinstance(value, torch.Tensor):
        value = torch.tensor([value, value])  # ok: GPU201 (a Python number in this branch)
    return value.cuda()


def gather_metric(value):
    # Called only with GPU tensors: the narrowed branch never runs for them,
    # and when it does, it holds a Python number.
    if not isinstance(value, torch.Tensor):
        value = torch.tensor([value])  # ok: GPU201 (a Python number in this branch)
    return value.float()


@torch.no_grad()
def validate(net, loader):
    net = net.cuda()
    totals = []
    for x, y in loader:
        loss = F.cross_entropy(net(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
        totals.append(gather_metric(loss))
    return torch.cat(totals)


if __name__ == "__main__":
    data = torch.utils.data.TensorDataset(torch.randn(1024, 16), torch.randint(0, 3, (1024,)))
    loader = torch.utils.data.DataLoader(data, batch_size=64, num_workers=2, pin_memory=True, persistent_workers=True)
    fit(torch.nn.Linear(16, 3), loader, None)
    validate(torch.nn.Linear(16, 3), loader)
