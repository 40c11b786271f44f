# trl's trainer configs (`SFTConfig`, `DPOConfig`) subclass TrainingArguments:
# the same dataloader_num_workers default of 0 starves the GPU. trl's
# ModelConfig holds model options, not the loader's.
from datasets import load_dataset
from transformers import AutoModelForCausalLM
from trl import ModelConfig, SFTConfig, SFTTrainer

model_args = ModelConfig(model_name_or_path="org/small-lm")  # ok: GPU101 (model options)
model = AutoModelForCausalLM.from_pretrained("org/small-lm")  # a small model: loading shows next to its step
train_set = load_dataset("org/chat-data", split="train")
args = SFTConfig(  # expect: GPU101 "SFTConfig leaves dataloader_num_workers"
    output_dir="out",
    per_device_train_batch_size=1,  # expect: GPU204 "SFTConfig's per-device"
    gradient_accumulation_steps=4,
)
tuned = SFTConfig(output_dir="out2", dataloader_num_workers=8, per_device_train_batch_size=16)  # ok: GPU101, GPU204
SFTTrainer(model=model, args=args, train_dataset=train_set).train()
