# A module whose forward stores its loss on itself (`self.last_loss = ...`)
# hands it out as an attribute: `model.last_loss` is computed on the
# module's device on every call, so `.item()` on it per batch waits for the
# GPU. Plain state the module keeps (a counter, a flag, a value it already
# read to the host, a size set in __init__) is not a GPU tensor.
import torch
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

device = "cuda"
eval_batches = 50


class TinyLM(torch.nn.Module):
    def __init__(self, vocab, width):
        super().__init__()
        self.embed = torch.nn.Embedding(vocab, width)
        self.head = torch.nn.Linear(width, vocab)
        self.vocab = vocab
        self.last_loss = None
        self.calls = 0
        self.last_accuracy = 0.0

    def forward(self, tokens, targets=None):
        logits = self.head(self.embed(tokens))
        self.calls = self.calls + 1
        if targets is not None:
            self.last_loss = F.cross_entropy(logits.view(-1, self.vocab), targets.view(-1))
            self.last_accuracy = (logits.argmax(-1) == targets).float().mean().item()  # expect: GPU201 "through model() called at line 50"
        else:
            self.last_loss = None
        return logits


model = TinyLM(1000, 64).to(device)
plain = model


def next_batch():
    x = torch.randint(0, 1000, (8, 32), device=device)
    return x, x


@torch.no_grad()
def estimate_loss():
    model.eval()
    losses = torch.zeros(eval_batches)
    for k in range(eval_batches):
        tokens, targets = next_batch()
        model(tokens, targets)
        loss = plain.last_loss
        losses[k] = loss.item()  # expect: GPU201 "self.head"
        seen = plain.calls
        accuracy = plain.last_accuracy
        print(f"{float(seen)} {float(accuracy)} {int(plain.vocab)}")  # expect: GPU206
    model.train()
    return losses.mean()


# The same module placed by a statement of its own: the object is a module
# on the GPU, and only what forward computes from tensors is on it.
held = TinyLM(1000, 64)
held.to(device)


@torch.no_grad()
def estimate_held_loss(batches):
    held.eval()
    total = []
    for tokens, targets in batches:
        held(tokens.to(device, non_blocking=True), targets.to(device, non_blocking=True))
        total.append(held.last_loss.item())  # expect: GPU201 "held.last_loss"
        seen = float(held.calls)  # ok: GPU201 (a counter of calls: host state)
        vocab = int(held.vocab)  # ok: GPU201 (a size set in __init__)
        share = float(held.last_accuracy)  # ok: GPU201 (already read to the host in forward)
        total.append(seen + vocab + share)
    return total


# Compiled and wrapped for data parallelism, then unwrapped again
# (`raw = wrapped.module if distributed else wrapped`): still the module
# whose forward stores the loss.
def train_and_probe(distributed, rank, batches, eval_steps):
    net = TinyLM(1000, 64)
    net.to(device)
    net = torch.compile(net)
    wrapped = DDP(net, device_ids=[rank]) if distributed else net
    raw = wrapped.module if distributed else wrapped
    probes = []
    with torch.no_grad():
        for step in range(eval_steps):
            tokens, targets = next(batches)
            wrapped(tokens, targets)
            probes.append(raw.last_loss.item())  # expect: GPU201 "raw.last_loss"
            probes.append(float(raw.calls))  # ok: GPU201 (a counter of calls: host state)
    return probes
