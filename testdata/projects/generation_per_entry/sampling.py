"""Text generation helpers shared by the fine-tuning scripts."""
import torch


def sample_tokens(lm, ids, max_new_tokens, context_size, temperature=0.0):
    # Each pass runs the model once on the running context and appends one
    # token: a loop of forward passes, so a caller looping over prompts runs
    # one whole generation per prompt, not one batch.
    for _ in range(max_new_tokens):
        context = ids[:, -context_size:]
        with torch.no_grad():
            logits = lm(context)[:, -1, :]
        if temperature > 0.0:
            probs = torch.softmax(logits / temperature, dim=-1)
            next_id = torch.multinomial(probs, num_samples=1)
        else:
            next_id = torch.argmax(logits, dim=-1, keepdim=True)
        ids = torch.cat((ids, next_id), dim=1)
    return ids


def encode(text, tokenizer):
    return torch.tensor(tokenizer.encode(text)).unsqueeze(0)


def decode(ids, tokenizer):
    return tokenizer.decode(ids.squeeze(0).tolist())


def repeat_apply(fn, x, times):
    # A counted loop of calls, but of whatever function the caller passes:
    # only a module's calls make it a generation.
    for _ in range(times):
        x = fn(x)
    return x
