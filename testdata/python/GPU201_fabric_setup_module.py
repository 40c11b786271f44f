"""`model = fabric.setup_module(model)` hands the module back, wrapped: its
outputs are still GPU tensors, so a read of them per evaluation chunk is a
sync per chunk."""
import math

import lightning as L
import torch
import torch.nn.functional as F


class TinyLM(torch.nn.Module):
    def __init__(self, vocab=256, dim=64):
        super().__init__()
        self.embed = torch.nn.Embedding(vocab, dim)
        self.head = torch.nn.Linear(dim, vocab)

    def forward(self, ids):
        return self.head(self.embed(ids))


def perplexity(ckpt, token_ids, ctx=1024):
    fabric = L.Fabric(accelerator="cuda", devices=1)
    model = TinyLM()
    model.load_state_dict(torch.load(ckpt))
    model.eval()
    model = fabric.setup_module(model)
    ids = torch.tensor(token_ids, device=fabric.device)[None, :]
    total, count = 0.0, 0
    with torch.inference_mode():
        for start in range(0, ids.shape[1], ctx):
            chunk = ids[:, start : start + ctx]
            logits = model(chunk)[0]
            nll = F.cross_entropy(logits[:-1], chunk[0, 1:], reduction="sum")
            count += chunk.size(1) - 1  # ok: a host size
            total += nll.item()  # expect: GPU201 "`nll.item()`"
    return math.exp(total / count)
