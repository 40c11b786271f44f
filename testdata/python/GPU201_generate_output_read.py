"""Reading what `model.generate(...)` returned costs no extra wait: the
generation loop reads its stop condition on the host after every token, so
the GPU's queue is already drained when it returns. A host read of a plain
forward's output in the same loop still stalls the GPU on every batch."""
import torch
from transformers import AutoModelForSeq2SeqLM, AutoTokenizer


@torch.no_grad()
def evaluate(model, tokenizer, loader, device):
    model.eval()
    texts, scores = [], []
    for batch in loader:
        inputs = batch["input_ids"].to(device, non_blocking=True)
        generated = model.generate(input_ids=inputs, max_new_tokens=32)
        tokens = generated.cpu().numpy()  # ok: GPU201 (generate() synced on every token already)
        texts.extend(tokenizer.batch_decode(tokens, skip_special_tokens=True))
        logits = model(input_ids=inputs, labels=inputs).logits
        scores.append(logits.float().mean().cpu())  # expect: GPU201 "cpu()"
    return texts, scores


def main():
    device = torch.device("cuda")
    tokenizer = AutoTokenizer.from_pretrained("t5-small")
    model = AutoModelForSeq2SeqLM.from_pretrained("t5-small").to(device)
    data = [{"input_ids": torch.randint(0, 100, (16,))} for _ in range(64)]
    loader = torch.utils.data.DataLoader(data, batch_size=8, num_workers=2, pin_memory=True, persistent_workers=True)
    print(evaluate(model, tokenizer, loader, device)[0][:2])
