"""GPU201: `if isinstance(label, torch.Tensor): label = label.item()` reads
the label once; on the path that skips the branch the label was no tensor,
so naming a folder after it afterwards copies nothing. A branch that tests
something else leaves the GPU value on the skipped path."""
import os

import torch

model = torch.nn.Linear(8, 8).cuda().eval()
labels = torch.tensor([3]).repeat(8).cuda()
loader = torch.utils.data.DataLoader(torch.randn(64, 8), batch_size=8, num_workers=4, pin_memory=True)
with torch.no_grad():
    for x in loader:
        out = model(x.cuda(non_blocking=True))
        for i in range(out.shape[0]):
            label = labels[i]
            if isinstance(label, torch.Tensor):
                label = label.item()  # expect: GPU201
            os.makedirs(str(label), exist_ok=True)  # ok: GPU201 (an int on both paths)
            other = labels[i]
            if type(other) == torch.Tensor:
                other = other.item()  # expect: GPU201
            os.makedirs(f"{other}", exist_ok=True)  # ok: GPU201 (an int on both paths)
            score = out[i].max()
            if i > 2:
                score = score.item()  # expect: GPU201
            os.makedirs(str(score), exist_ok=True)  # expect: GPU201
