"""A loss read with .item() and summed over micro-batches, then shown in a
progress bar: the read is GPU201's finding, and the description that shows
the sum is the same logging event (one guard fixes both), not a GPU206 of its
own. A progress line of other values stays GPU206."""
import torch
import torch.nn.functional as F
from tqdm import tqdm


class Fitter:
    def __init__(self, model, loader, steps, micro):
        self.model = model.cuda()
        self.optim = torch.optim.AdamW(self.model.parameters())
        self.loader = loader
        self.steps = steps
        self.micro = micro

    def fit(self):
        batches = iter(self.loader)
        with tqdm(total=self.steps) as bar:
            for step in range(self.steps):
                summed, seen = 0.0, 0
                for _ in range(self.micro):
                    x, y = next(batches)
                    loss = F.mse_loss(self.model(x.cuda()), y.cuda()) / self.micro
                    summed += loss.item()  # expect: GPU201 "copies the GPU tensor `loss`"
                    seen += x.shape[0]
                    loss.backward()
                self.optim.step()
                self.optim.zero_grad()
                bar.set_description(f"loss {summed:.4f}")  # ok: GPU206 (shows the sum of the .item() reads: one event)
                bar.set_postfix(samples=seen)  # expect: GPU206 "logs on every step"
                bar.update(1)
