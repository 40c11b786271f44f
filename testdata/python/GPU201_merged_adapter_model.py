# peft's merge_and_unload() returns the base model with the adapter folded
# in, where the model was placed: outputs of the merged model are still GPU
# tensors, and copying them to the host per batch still waits for the GPU.
import torch
from peft import PeftModel
from torch.utils.data import DataLoader
from transformers import AutoModel

device = "cuda"
base = AutoModel.from_pretrained("intfloat/e5-large").to(device)
model = PeftModel.from_pretrained(base, "adapter").to(device)
model.eval()
model = model.merge_and_unload()
data = [{"input_ids": torch.ones(32, dtype=torch.long)}] * 4096
loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True)
kept = []
with torch.no_grad():
    for step, batch in enumerate(loader):
        out = model(input_ids=batch["input_ids"].to(device, non_blocking=True)).last_hidden_state
        rows = out[:, 0].float().cpu()  # expect: GPU201 "copies a GPU tensor to the host"
        kept.append(out[:, 0])
        if step % 100 == 0:
            print(out.norm().item())  # ok: GPU201 (every 100 batches)
print(torch.cat(kept).cpu().shape)
