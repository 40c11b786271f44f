import torch


def train_epoch(model, optimizer, device, feats, labels, split):
    """One optimizer step on the whole graph."""
    model.train()
    noise = torch.randn(feats.size(1)).to(device)
    logits = model(feats + noise)
    loss = torch.nn.functional.cross_entropy(logits[split], labels[split])
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss.detach().item()


@torch.no_grad()
def evaluate(model, feats, labels, split):
    model.eval()
    return torch.nn.functional.cross_entropy(model(feats)[split], labels[split]).item()
