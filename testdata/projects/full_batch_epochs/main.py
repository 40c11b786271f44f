# Full-batch node classification: every pass of the epoch loop is one
# optimizer step on the whole graph, so a record per pass is one per epoch.
import torch
from torch.utils.tensorboard import SummaryWriter
from tqdm import tqdm

from node_train import evaluate, train_epoch


def main(n_epochs):
    device = torch.device("cuda")
    feats = torch.randn(20000, 64, device=device)
    labels = torch.randint(0, 7, (20000,), device=device)
    split = torch.rand(20000, device=device) < 0.6
    model = torch.nn.Linear(64, 7).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    writer = SummaryWriter("runs/nodes")
    bar = tqdm(range(n_epochs))
    for epoch in bar:
        train_loss = train_epoch(model, optimizer, device, feats, labels, split)  # ok: GPU201 (one read per epoch, next to a step over the whole graph)
        val_loss = evaluate(model, feats, labels, ~split)
        bar.set_postfix(train=train_loss, val=val_loss)  # ok: GPU206 (one record per epoch of full-batch training)
        writer.add_scalar("loss/train", train_loss, epoch)  # ok: GPU206 (once per epoch)
        print(f"epoch {epoch}: {train_loss:.4f} {val_loss:.4f}")  # ok: GPU206 (once per epoch)


def main_sampled(loader, n_epochs):
    """Mini-batch training of the same model: the helper now runs once per batch."""
    device = torch.device("cuda")
    model = torch.nn.Linear(64, 7).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    for epoch in range(n_epochs):
        for feats, labels in loader:
            feats, labels = feats.to(device, non_blocking=True), labels.to(device, non_blocking=True)
            split = torch.ones(labels.size(0), dtype=torch.bool, device=device)
            train_epoch(model, optimizer, device, feats, labels, split)  # expect: GPU201 "the helper is the training step itself"
