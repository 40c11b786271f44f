"""A loop over the names of the inputs a sampler conditions on: the list is
called like batches, but its items are compared with text, so they are keys
and the loop runs a handful of times per call, not once per batch."""
import torch


def sample(decoder, batch_fields, cond, n):
    with torch.no_grad():
        extra = {}
        for k in batch_fields:
            if k == "crop_coords":
                extra[k] = torch.zeros(n, 2).to("cuda")  # ok: GPU201 (one upload per key name)
            elif k in ("aesthetic", "fps"):
                extra[k] = torch.full((n,), 6.0).cuda()  # ok: GPU201
            else:
                extra[k] = cond[k]
        return decoder(torch.randn(n, 4, device="cuda"), **extra)


def evaluate(model, batch_list):
    total = 0.0
    with torch.no_grad():
        for sample_batch in batch_list:
            # a dict batch tested for a key: still a batch
            if "mask" in sample_batch:
                sample_batch["x"] = sample_batch["x"] * sample_batch["mask"]
            out = model(sample_batch["x"].cuda(non_blocking=True))
            total += out.sum().item()  # expect: GPU201 "on every batch"
    return total
