# apex's AMP keeps fp32 master copies of the parameters on the GPU (it runs on
# CUDA alone), so the norm clip_grad_norm_ returns over them is a GPU tensor:
# testing it for NaN on the host syncs every step.
import math

import torch
from apex import amp
from torch.utils.data import DataLoader

import sharded_params  # another library: what its parameters live on is unknown


def fit(net, ds, steps_per_log=100):
    net = net.cuda()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    net, opt = amp.initialize(net, opt, opt_level="O2")
    loader = DataLoader(ds, batch_size=32, num_workers=4, pin_memory=True)
    for it, (xb, yb) in enumerate(loader):
        xb, yb = xb.cuda(non_blocking=True), yb.cuda(non_blocking=True)
        loss = torch.nn.functional.mse_loss(net(xb), yb)
        opt.zero_grad()
        with amp.scale_loss(loss, opt) as scaled:
            scaled.backward()
        gnorm = torch.nn.utils.clip_grad_norm_(amp.master_params(opt), 1.0)
        overflowed = math.isnan(gnorm)  # expect: GPU201 "comes from `amp.master_params(opt)`"
        opt.step()
        if not overflowed and it % steps_per_log == 0:
            print("grad", float(gnorm))  # ok: periodic


def fit_sharded(net, ds):
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    loader = DataLoader(ds, batch_size=32, num_workers=4, pin_memory=True)
    for xb, yb in loader:
        loss = torch.nn.functional.mse_loss(net(xb), yb)
        opt.zero_grad()
        loss.backward()
        gnorm = torch.nn.utils.clip_grad_norm_(sharded_params.local_params(opt), 1.0)
        if math.isnan(gnorm):  # ok: parameters of an unknown library, on an unknown device
            continue
        opt.step()
