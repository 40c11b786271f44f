"""An 8B causal LM trained on ids tokenized ahead: batching them costs well
under a millisecond against its step, so loading in the training process
keeps no GPU waiting. Tokenizing raw text per batch is work for workers."""
import torch
from datasets import load_dataset
from torch.utils.data import DataLoader
from transformers import AutoModelForCausalLM, AutoTokenizer, Trainer, TrainingArguments

from corpus import build_corpus, make_batcher, make_text_batcher

CKPT = "some-org/llm-8B"


def stack_one(items):
    ids = torch.tensor(items[0]["input_ids"]).unsqueeze(0)
    positions = torch.arange(ids.shape[1]).unsqueeze(0)
    return dict(input_ids=ids, position_ids=positions, labels=ids)


def main():
    tok = AutoTokenizer.from_pretrained(CKPT)
    lm = AutoModelForCausalLM.from_pretrained(CKPT, torch_dtype=torch.bfloat16).cuda()
    corpus = build_corpus(tok, 8192)
    texts = load_dataset("some-org/stories", split="validation")
    batched = DataLoader(corpus, batch_size=1, collate_fn=make_batcher(), pin_memory=True)  # ok: GPU101 (ids tokenized ahead, only tensorized)
    single = DataLoader(corpus, batch_size=1, collate_fn=stack_one, pin_memory=True)  # ok: GPU101 (ids tokenized ahead, only tensorized)
    raw = DataLoader(texts, batch_size=4, collate_fn=make_text_batcher(tok), pin_memory=True)  # expect: GPU101 "num_workers is omitted"
    opt = torch.optim.AdamW(lm.parameters(), lr=1e-5)
    for loader in (batched, single, raw):
        for batch in loader:
            batch = {k: v.cuda(non_blocking=True) for k, v in batch.items()}
            loss = lm(**batch).loss
            loss.backward()
            opt.step()
            opt.zero_grad()
    args = TrainingArguments(output_dir="out", per_device_train_batch_size=8, bf16=True, logging_steps=50)  # ok: GPU101 (a dataset tokenized ahead, then shuffled)
    Trainer(model=AutoModelForCausalLM.from_pretrained(CKPT), args=args, train_dataset=corpus).train()


if __name__ == "__main__":
    main()
