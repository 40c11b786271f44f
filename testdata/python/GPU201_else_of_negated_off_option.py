# The else of `if not args.<option>:` runs only when the option is on. An
# opt-in option (store_true, off unless passed) leaves that else off in the
# run as configured, for reads and for tokenizing alike; an option that is on
# by default (store_false) makes the else the branch that runs.
import argparse

import torch
from torch.utils.data import DataLoader
from transformers import AutoTokenizer

parser = argparse.ArgumentParser()
parser.add_argument("--print_stats", action="store_true")
parser.add_argument("--no_tune_encoder", dest="tune_encoder", action="store_false")
args = parser.parse_args()

tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")
encoder = torch.nn.Embedding(30522, 64).cuda()
head = torch.nn.Linear(64, 1).cuda()
opt = torch.optim.AdamW(list(head.parameters()) + list(encoder.parameters()))
rows = [{"x": torch.randn(64), "text": f"sample {i}"} for i in range(256)]
loader = DataLoader(rows, batch_size=16, shuffle=True, num_workers=4, pin_memory=True)
cached = encoder(tokenizer(["a fixed prompt"], return_tensors="pt").input_ids.cuda()).mean(1).detach()

for batch in loader:
    x = batch["x"].cuda(non_blocking=True)
    if not args.tune_encoder:
        ctx = cached
    else:
        ids = tokenizer(batch["text"], padding=True, return_tensors="pt").input_ids  # expect: GPU106 "tokenizes text"
        ctx = encoder(ids.cuda(non_blocking=True)).mean(1)
    loss = (head(x + ctx) ** 2).mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    if not args.print_stats:
        continue
    else:
        print("loss", loss.item())  # ok: GPU201 (the else of `not args.print_stats`, off unless --print_stats)


for batch in loader:
    x = batch["x"].cuda(non_blocking=True)
    if not args.print_stats:
        ctx = cached
    else:
        ids = tokenizer(batch["text"], padding=True, return_tensors="pt").input_ids  # ok: GPU106 (only with --print_stats)
        ctx = encoder(ids.cuda(non_blocking=True)).mean(1)
    loss = (head(x + ctx) ** 2).mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    if not args.tune_encoder:
        pass
    else:
        print("loss", loss.item())  # expect: GPU201 "`loss.item()`"
