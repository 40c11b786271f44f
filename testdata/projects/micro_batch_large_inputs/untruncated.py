# No truncation (`max_length=None`) on a large LM: samples as long as the
# longest document, with accumulation.
from datasets import load_dataset
from transformers import AutoModelForCausalLM
from trl import SFTConfig, SFTTrainer

docs = load_dataset("acme/long-docs", split="train")
lm = AutoModelForCausalLM.from_pretrained("acme/causal-lm-7b")
cfg = SFTConfig(
    output_dir="long", per_device_train_batch_size=2, gradient_accumulation_steps=8,  # ok: GPU204 (untruncated samples)
    max_length=None, dataloader_num_workers=2,
)
SFTTrainer(model=lm, args=cfg, train_dataset=docs).train()
