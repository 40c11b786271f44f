# A checkpoint named for 30 billion parameters fills the card with its
# weights: one sample a device is what is left.
from datasets import load_dataset
from transformers import AutoModelForCausalLM
from trl import SFTConfig, SFTTrainer

threads = load_dataset("acme/threads", split="train")
big = AutoModelForCausalLM.from_pretrained("acme/sparse-chat-30B-A3B")
cfg = SFTConfig(
    output_dir="moe", per_device_train_batch_size=1, max_length=128, dataloader_num_workers=2  # ok: GPU204 (30B weights)
)
SFTTrainer(model=big, args=cfg, train_dataset=threads).train()
