# A 7B causal LM fine-tuned one long sequence per GPU, with activation
# checkpointing switched on (on the model and in the arguments): the
# micro-batch is what memory allows after the step GPU204's note would
# advise, so the note stays away.
import torch
from transformers import AutoModelForCausalLM, Trainer, TrainingArguments

lm = AutoModelForCausalLM.from_pretrained("org/base-7b", torch_dtype=torch.bfloat16)
lm.gradient_checkpointing_enable()
args = TrainingArguments(
    output_dir="out",
    per_device_train_batch_size=1,  # ok: GPU204 — checkpointing is on, the micro-batch is memory-bound
    gradient_accumulation_steps=16,
    gradient_checkpointing=True,
    bf16=True,
    dataloader_num_workers=4,
)
Trainer(model=lm, args=args, train_dataset=None).train()
