# A detection head computes its loss in a helper picked by a conditional
# expression: the first arm runs on every training step (its test holds
# while the model trains), so the helper's empty_cache() does too. The else
# arm runs only when the test fails, never in the training step loop.
import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, 5, 1)

    def losses(self, preds, labels):
        cost = torch.cdist(preds[0, :, :4], labels[0, :, :4])
        return cost.min(1).values.mean()

    def decode(self, preds):
        torch.cuda.empty_cache()  # ok: GPU208 (the else arm: only when the model does not train)
        return preds.sigmoid()

    def forward(self, feats, labels=None):
        out = self.conv(feats).flatten(2).transpose(1, 2)
        return self.losses(out, labels) if self.training else self.decode(out)


def train(loader, epochs=10):
    model = Head(16).cuda().train()
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for _ in range(epochs):
        for feats, labels in loader:
            loss = model(feats.cuda(non_blocking=True), labels.cuda(non_blocking=True))
            opt.zero_grad()
            loss.backward()
            opt.step()
