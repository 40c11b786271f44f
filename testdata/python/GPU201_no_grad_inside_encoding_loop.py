# An encoding helper whose loop runs the forward under `with torch.no_grad():`
# inside its body, called after `model.eval()`: an inference pass over chunks
# of rows, whatever its name or its iterable, so its per-chunk copy to the
# host is one. The same helper reached from a caller that trains the model
# (no .eval() before the call) is not judged an inference pass.
import torch
import torch.nn as nn

device = torch.device("cuda")


def encode_rows(model, rows, chunk):
    vectors = []
    for start in range(0, len(rows), chunk):
        block = torch.stack(rows[start:start + chunk]).to(device)
        with torch.no_grad():
            emb = model(block)
        vectors.append(emb.cpu())  # expect: GPU201 "every batch of the evaluation loop"
    return vectors


def refresh_bank(model, rows, chunk):
    bank = []
    for start in range(0, len(rows), chunk):
        block = torch.stack(rows[start:start + chunk]).to(device)
        with torch.no_grad():
            emb = model(block)
        bank.append(emb.cpu())  # ok: GPU201 (no .eval() before the call: not known to be an inference pass)
    return bank


def main():
    enc = nn.Linear(16, 8).to(device)
    rows = [torch.randn(16) for _ in range(1024)]
    enc.eval()
    print(len(encode_rows(enc, rows, 256)))
    enc.train()
    print(len(refresh_bank(enc, rows, 256)))


if __name__ == "__main__":
    main()
