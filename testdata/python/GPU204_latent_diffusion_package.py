# Fine-tuning a latent diffusion model of the project's own (`cldm` package)
# at 512 px: a handful of images per step fills the GPU, so the small batch
# is a note naming the family, not a warning.
import torch
from torch.utils.data import DataLoader

from cldm.model import create_model
from tutorial_dataset import PairedImages

batch_size = 4
model = create_model("./models/cldm_v15.yaml").cuda()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-5)
loader = DataLoader(PairedImages(), batch_size=batch_size, num_workers=8, pin_memory=True, persistent_workers=True, shuffle=True)  # expect: GPU204 "common with cldm models"

for epoch in range(4):
    for images, hints in loader:
        loss = model(images.cuda(non_blocking=True), hints.cuda(non_blocking=True))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
