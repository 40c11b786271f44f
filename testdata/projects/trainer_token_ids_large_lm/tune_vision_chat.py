# A vision-language model: its collator opens and resizes images on every
# batch, work the loader's workers should do.
from datasets import load_dataset
from transformers import AutoModelForCausalLM, AutoProcessor, LlavaForConditionalGeneration
from trl import SFTConfig, SFTTrainer

processor = AutoProcessor.from_pretrained("acme/vision-chat-7b")
vlm = LlavaForConditionalGeneration.from_pretrained("acme/vision-chat-7b")


def collate(examples):
    return processor(text=[e["text"] for e in examples], images=[e["image"] for e in examples], return_tensors="pt")


chats = load_dataset("acme/photo-chats", split="train")
cfg = SFTConfig(output_dir="vlm", per_device_train_batch_size=8)  # expect: GPU101 "SFTConfig leaves dataloader_num_workers"
SFTTrainer(model=vlm, args=cfg, train_dataset=chats, data_collator=collate).train()

# A text model whose collator tokenizes raw text on every batch.
lm = AutoModelForCausalLM.from_pretrained("acme/causal-lm-7b")
raw_cfg = SFTConfig(output_dir="lm", per_device_train_batch_size=8)  # expect: GPU101 "SFTConfig leaves dataloader_num_workers"
SFTTrainer(model=lm, args=raw_cfg, train_dataset=chats, data_collator=lambda rows: processor(rows)).train()
# TRL tokenizes a chat dataset itself before training: ids only.
text_cfg = SFTConfig(output_dir="lm2", per_device_train_batch_size=8)  # ok: GPU101 (SFTTrainer tokenizes ahead; ids for a 7B LM)
SFTTrainer(model=lm, args=text_cfg, train_dataset=chats).train()
