"""Greedy decoding with an optional early stop: only a caller that passes
stop_ids reaches the read of `finished` (stop_ids stays None otherwise, its
conversion to a tensor keeps None as None)."""
import torch


def decode(net, prompt, steps, stop_ids=None):
    stop_ids = torch.tensor(stop_ids, device=prompt.device) if stop_ids else None
    out = torch.cat([prompt, net(prompt)[:, -1:].argmax(-1)], 1)
    if stop_ids is not None:
        finished = torch.isin(out[:, -1], stop_ids)
        if finished.all().item():
            return out
    for _ in range(steps - 1):
        out = torch.cat([out, net(out)[:, -1:].argmax(-1)], 1)
    return out
