# Evaluation by generation: model.generate() reads its stop condition on the
# host after every token, so one more read per batch (the references'
# .cpu() beside the outputs', after accelerate gathers both as a tuple) adds
# no wait. A training loop that generates, and a scoring loop without
# generation, keep their per-step findings (the model is `lm`: accelerate's
# prepare hands back each argument in its place, so `lm` is still a module).
import torch
from accelerate import Accelerator
from torch.utils.data import DataLoader
from transformers import AutoModelForCausalLM, AutoTokenizer, default_data_collator

accelerator = Accelerator()
tok = AutoTokenizer.from_pretrained("EleutherAI/pythia-410m")
lm = AutoModelForCausalLM.from_pretrained("EleutherAI/pythia-410m")
rows = [{"input_ids": torch.ones(32, dtype=torch.long), "labels": torch.ones(32, dtype=torch.long)}] * 512
train_loader = DataLoader(rows, batch_size=16, shuffle=True, collate_fn=default_data_collator, num_workers=2,
                          pin_memory=True, persistent_workers=True)
eval_loader = DataLoader(rows[:64], batch_size=16, collate_fn=default_data_collator, num_workers=2,
                         pin_memory=True, persistent_workers=True)
opt = torch.optim.AdamW(lm.parameters(), lr=1e-5)
lm, opt, train_loader, eval_loader = accelerator.prepare(lm, opt, train_loader, eval_loader)

for round_ in range(3):
    lm.train()
    for batch in train_loader:
        with torch.no_grad():
            pseudo = lm.generate(input_ids=batch["input_ids"], max_new_tokens=16)
        loss = lm(input_ids=pseudo, labels=pseudo).loss
        accelerator.backward(loss)
        opt.step()
        opt.zero_grad()
        print(f"loss {loss.item():.4f}")  # expect: GPU201

    lm.eval()
    answers, references = [], []
    for batch in eval_loader:
        with torch.no_grad():
            out = accelerator.unwrap_model(lm).generate(input_ids=batch["input_ids"], max_new_tokens=64)
        out = accelerator.pad_across_processes(out[:, 32:], dim=1, pad_index=tok.pad_token_id)
        refs = batch["labels"]
        out, refs = accelerator.gather_for_metrics((out, refs))
        out_ids, ref_ids = out.cpu().numpy(), refs.cpu().numpy()  # ok: GPU201 — generation already reads every token
        answers += tok.batch_decode(out_ids, skip_special_tokens=True)
        references += tok.batch_decode(ref_ids, skip_special_tokens=True)

    total = 0.0
    for batch in eval_loader:
        with torch.no_grad():
            nll = lm(input_ids=batch["input_ids"], labels=batch["labels"]).loss
        nll, = accelerator.gather_for_metrics((nll,))
        total += nll.mean().item()  # expect: GPU201 "every batch"
    print(total / len(eval_loader), len(answers), len(references))
