"""A contrastive model that keeps a queue of keys and its write position in
registered buffers: they live on whatever device the module is moved to."""
import torch
import torch.nn as nn


class KeyQueue(nn.Module):
    def __init__(self, encoder, dim=128, size=4096):
        super().__init__()
        self.encoder = encoder
        self.size = size
        self.register_buffer("queue", nn.functional.normalize(torch.randn(dim, size), dim=0))
        self.register_buffer("queue_ptr", torch.zeros(1, dtype=torch.long))

    @torch.no_grad()
    def _enqueue(self, keys):
        n = keys.shape[0]
        ptr = int(self.queue_ptr)
        self.queue[:, ptr:ptr + n] = keys.T
        self.queue_ptr[0] = (ptr + n) % self.size

    def forward(self, im_q, im_k):
        q = nn.functional.normalize(self.encoder(im_q), dim=1)
        with torch.no_grad():
            k = nn.functional.normalize(self.encoder(im_k), dim=1)
        logits = torch.cat([(q * k).sum(1, keepdim=True), q @ self.queue.clone().detach()], dim=1)
        self._enqueue(k)
        return logits


class HostHistory(nn.Module):
    """Keeps a count of calls in a buffer; its instances are never moved."""

    def __init__(self):
        super().__init__()
        self.register_buffer("calls", torch.zeros((), dtype=torch.long))

    def forward(self):
        self.calls += 1
        return int(self.calls)
