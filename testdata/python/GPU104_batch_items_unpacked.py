"""A pinned loader's batch items taken apart in one tuple assignment are
still the step's batch: each blocking copy of them is reported, as when
they are read one per line. A copy made with non_blocking=True is not."""
import torch
from torch.utils.data import DataLoader, Dataset


class Pairs(Dataset):
    def __len__(self):
        return 4096

    def __getitem__(self, i):
        return {"image": torch.randn(16), "mask": torch.randn(3)}


device = torch.device("cuda")
net = torch.nn.Linear(16, 3).to(device)
opt = torch.optim.Adam(net.parameters())
loader = DataLoader(Pairs(), batch_size=128, num_workers=4, pin_memory=True, persistent_workers=True)

for epoch in range(20):
    for batch in loader:
        images, masks = batch["image"], batch["mask"]
        images = images.to(device=device, dtype=torch.float32)  # expect: GPU104 "pinned batch"
        masks = masks.to(device=device, non_blocking=True)  # ok: GPU104 (asynchronous already)
        loss = ((net(images) - masks) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
