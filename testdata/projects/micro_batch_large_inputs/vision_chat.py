# A vision-language model takes images with its text: two samples a device
# is what memory allows.
from datasets import load_dataset
from transformers import Qwen2VLForConditionalGeneration
from trl import SFTConfig, SFTTrainer

photos = load_dataset("acme/photo-questions", split="train")
vlm = Qwen2VLForConditionalGeneration.from_pretrained("acme/vision-chat-7b")
cfg = SFTConfig(  # expect: GPU101 "SFTConfig leaves dataloader_num_workers"
    output_dir="vlm", per_device_train_batch_size=2, gradient_accumulation_steps=8  # ok: GPU204 (images and text)
)
SFTTrainer(model=vlm, args=cfg, train_dataset=photos).train()
