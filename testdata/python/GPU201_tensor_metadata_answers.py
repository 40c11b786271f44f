# A loss that caches its filter and rebuilds it when the input's type or
# shape changes: `type()`, `size()`, `dim()` and `get_device()` read the
# tensor's metadata on the host, no element comes back from the device.
import torch
import torch.nn as nn
import torch.nn.functional as F


class SmoothedL1(nn.Module):
    def __init__(self, width=5):
        super().__init__()
        self.width = width
        self.filt = torch.ones(1, 1, width, width) / (width * width)

    def forward(self, pred, target):
        if self.filt.type() != pred.type():  # ok: GPU201 -- two type names, compared on the host
            self.filt = self.filt.type_as(pred)
        if pred.size(1) != 1 or pred.dim() != 4:  # ok: GPU201 -- shape metadata
            raise ValueError("expects one-channel images")
        if pred.get_device() != self.filt.get_device():  # ok: GPU201 -- device index, no copy
            self.filt = self.filt.to(pred.device)
        diff = F.conv2d(pred - target, self.filt, padding=self.width // 2)
        if (diff == 0).all():  # expect: GPU201 "truth value"
            return diff.sum()
        return diff.abs().mean()


def train(model, loader, opt):
    crit = SmoothedL1()
    for img, mask in loader:
        img, mask = img.cuda(), mask.cuda()
        loss = crit(model(img), mask)
        opt.zero_grad()
        loss.backward()
        opt.step()
