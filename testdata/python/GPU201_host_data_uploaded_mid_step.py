"""Host data made into a GPU tensor in the middle of a step: a list or a
numpy array copied without non_blocking after the step has queued work
(`torch.tensor(sizes).to(dev)`, `torch.cuda.FloatTensor(np.random...)`,
an alias of it, `torch.tensor(v, device=dev)`, `batch.new_tensor(MEAN)`):
PyTorch waits for the GPU's queue after such a copy. Before the step queues
anything, or right after a blocking copy drained the queue, the copy waits
for nothing new; copies made once before the loop are something else."""
import math

import numpy as np
import torch
import torch.nn.functional as F

device = torch.device("cuda")
FloatT = torch.cuda.FloatTensor
encoder = torch.nn.Linear(16, 8).to(device)
critic = torch.nn.Linear(8, 1).to(device)
opt = torch.optim.Adam(list(encoder.parameters()) + list(critic.parameters()), lr=1e-3)
channel_mean = torch.tensor([0.5] * 16).to(device)  # ok: made once, before the loop


def mixing_penalty(real, fake):
    mix = FloatT(np.random.random((real.size(0), 1)))  # expect: GPU201 "draw the numbers on the GPU"
    blend = (mix * real + (1 - mix) * fake).requires_grad_(True)
    (grad,) = torch.autograd.grad(critic(blend).sum(), blend, create_graph=True)
    return ((grad.norm(2, dim=1) - 1) ** 2).mean()


def train(loader):
    for x, sizes in loader:
        x = x.to(device, non_blocking=True)
        offsets = torch.tensor(list(sizes)).to(device)  # expect: GPU201 "copies host data made into a tensor by `torch.tensor(list(sizes))`"
        code = encoder(x - channel_mean)
        ratio = torch.tensor([code.shape[0] / 256.0], device=device)  # expect: GPU201 "builds a CUDA tensor from host data"
        prior = torch.cuda.FloatTensor(np.random.normal(0, 1, (x.size(0), 8)))  # ok: the copy at line 32 drained the queue; nothing queued since
        scale = x.new_tensor([1.0, 2.0])  # ok: nothing queued since the copy at line 32 either
        loss = critic(code).mean() - critic(prior).mean() + mixing_penalty(code.detach(), prior) * ratio.sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        noise = torch.cuda.FloatTensor(np.random.normal(0, 1, (4, 8)))  # expect: GPU201 "after the step has queued GPU work"
        shift = torch.tensor([1.0, 2.0]).to(device, non_blocking=True)  # ok: asynchronous copy
    return offsets, scale, noise, shift


def taps(width, sigma):
    row = torch.Tensor([math.exp(-((i - width // 2) ** 2) / (2 * sigma**2)) for i in range(width)])
    return row / row.sum()


def smoothing_kernel(width):
    row = taps(width, 1.5).unsqueeze(1)
    return row.mm(row.t()).unsqueeze(0).unsqueeze(0).contiguous()


def smoothness(pred, refiner):
    pred = refiner(pred)
    kernel = smoothing_kernel(5)
    if pred.is_cuda:
        kernel = kernel.cuda()  # expect: GPU201 "copies host data made into a tensor by `smoothing_kernel(5)`"
    return F.conv2d(pred[:, :1], kernel, padding=2).mean()


def train_pairs(loader, painter):
    for x, labels in loader:
        x, labels = x.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        image = painter(x)
        same = (torch.arange(4)[None, :] == torch.arange(4)[:, None]).float()
        same = same.to(device)  # expect: GPU201 "makes a tensor on the host with `torch.arange(4)`"
        paired = (labels[None, :] == labels[:, None]).float()
        paired = paired.to(device)  # ok: made from the batch's labels, already on the GPU
        loss = image.mean() + smoothness(image, painter) + (same * paired).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


OneHotT = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor


def to_onehot(labels, classes=4):
    table = np.zeros((len(labels), classes))
    table[range(len(labels)), labels] = 1.0
    return OneHotT(table)  # expect: GPU201 "`OneHotT(table)` builds a CUDA tensor from host data" (encoder(x) queued work before the call)


def train_blocking(loader):
    for x, labels in loader:
        x = x.to(device)
        targets = torch.tensor(labels).to(device)  # ok: the blocking batch copy above already waited; nothing queued since
        code = encoder(x)
        onehot = to_onehot(labels)
        noise = FloatT(np.random.normal(0, 1, (len(labels), 4)))  # ok: the helper above only copied (a drain); nothing queued since
        targets = targets + (onehot * noise).sum(1) + code.mean()
        loss = F.mse_loss(critic(encoder(x)).squeeze(1), targets.float())
        opt.zero_grad()
        loss.backward()
        opt.step()
