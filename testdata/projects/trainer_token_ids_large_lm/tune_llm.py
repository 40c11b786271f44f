# A 7B causal LM fine-tuned by the HF Trainer on ids tokenized ahead
# (`ds.map`), padded by DataCollatorForSeq2Seq: a batch is a pad of ids,
# sub-millisecond next to the model's step, so the Trainer's default of no
# loader workers costs nothing here.
import transformers
from datasets import load_dataset
from transformers import AutoModelForCausalLM, AutoTokenizer

checkpoint = "acme/causal-lm-7b"
tokenizer = AutoTokenizer.from_pretrained(checkpoint)
lm = AutoModelForCausalLM.from_pretrained(checkpoint, torch_dtype="auto")


def encode(row):
    ids = tokenizer(row["question"] + row["answer"], truncation=True, max_length=1024)
    ids["labels"] = list(ids["input_ids"])
    return ids


pairs = load_dataset("json", data_files="pairs.jsonl")["train"].map(encode)
config = transformers.TrainingArguments(  # ok: GPU101 (token ids for a 7B LM: padding them is sub-millisecond)
    output_dir="out", per_device_train_batch_size=8, gradient_accumulation_steps=8, bf16=True
)
collator = transformers.DataCollatorForSeq2Seq(tokenizer, padding=True, return_tensors="pt")
transformers.Trainer(model=lm, args=config, train_dataset=pairs, data_collator=collator).train()
