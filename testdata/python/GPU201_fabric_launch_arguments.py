# Lightning Fabric's `fabric.launch(run, options)` calls `run(fabric,
# options)` in each process: the options the launcher passes reach the
# training loop as if `run` were called directly, so a logging guard whose
# interval resolves to 1 runs on every step.
from dataclasses import dataclass

import lightning as L
import torch


@dataclass
class Options:
    log_every: int = 100
    steps: int = 1000


def train(fabric, model, opt, batches, options):
    for step, (x, y) in enumerate(batches):
        loss = torch.nn.functional.mse_loss(model(x), y)
        fabric.backward(loss)
        opt.step()
        opt.zero_grad()
        if step % options.log_every == 0:
            fabric.print(f"step {step} loss {loss.item():.4f}")  # expect: GPU201 "loss.item()"


def run(fabric, options):
    model = torch.nn.Linear(8, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    model, opt = fabric.setup(model, opt)
    batches = [(torch.randn(64, 8, device=fabric.device), torch.randn(64, 1, device=fabric.device)) for _ in range(100)]
    train(fabric, model, opt, batches, options)


def launch(options: Options = Options(log_every=1)):
    fabric = L.Fabric(accelerator="cuda", devices=2)
    fabric.launch(run, options)


if __name__ == "__main__":
    launch()
