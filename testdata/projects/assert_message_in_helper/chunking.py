# A chunking helper in the style of Transformers' apply_chunking_to_forward:
# its assert formats its inputs into the message, built only on failure.
import torch


def chunked(fn, chunk_size, *inputs):
    assert len(inputs) > 0, "{} has to be a tuple of tensors".format(inputs)  # ok: GPU201 (message of a passing assert)
    if chunk_size == 0:
        return fn(*inputs)
    return torch.cat([fn(*[t[i:i + chunk_size] for t in inputs]) for i in range(0, inputs[0].shape[0], chunk_size)])
