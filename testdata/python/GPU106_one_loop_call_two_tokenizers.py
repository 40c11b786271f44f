# A prompt encoder called in the step loop that tokenizes with two
# tokenizers (a short and a long one): one statement of the loop, one
# finding, at the first tokenizer it reaches.
import torch
from torch.utils.data import DataLoader
from transformers import AutoTokenizer


def short_ids(tokenizer, texts):
    return tokenizer(texts, padding="max_length", max_length=77, truncation=True, return_tensors="pt").input_ids  # expect: GPU106 "through short_ids() called at line 18"


def long_ids(tokenizer, texts):
    return tokenizer(texts, padding="max_length", max_length=512, truncation=True, return_tensors="pt").input_ids  # ok: GPU106 (the same loop call as short_ids')


def encode_prompts(toks, encoders, texts):
    pooled = encoders[0](short_ids(toks[0], texts).cuda()).mean(1)
    seq = encoders[1](long_ids(toks[1], texts).cuda())
    return pooled, seq


def train(loader, toks, encoders, denoiser, opt):
    for batch in loader:
        with torch.no_grad():
            pooled, seq = encode_prompts(toks, encoders, batch["caption"])
        loss = (denoiser(batch["x"].cuda(non_blocking=True)) - seq.mean(1) - pooled).pow(2).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        tokenizer = toks[0]
        ids = tokenizer(batch["caption"], return_tensors="pt").input_ids  # expect: GPU106 "tokenizes text"
        opt.zero_grad(set_to_none=ids is None)


toks = [AutoTokenizer.from_pretrained("clip"), AutoTokenizer.from_pretrained("t5")]
encoders = [torch.nn.Embedding(50000, 64).cuda(), torch.nn.Embedding(50000, 64).cuda()]
denoiser = torch.nn.Linear(64, 64).cuda()
rows = [{"x": torch.randn(64), "caption": f"photo {i}"} for i in range(512)]
train(DataLoader(rows, batch_size=16, num_workers=4, pin_memory=True), toks, encoders, denoiser,
      torch.optim.AdamW(denoiser.parameters()))
