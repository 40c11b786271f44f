import torch

import archs  # noqa: F401  (registers the architectures)
from registry import ARCHS

cfg = {"arch": "WideNet", "epochs": 5}
model = ARCHS.get(cfg["arch"])(cfg)
loader = torch.utils.data.DataLoader(torch.randn(2048, 16), batch_size=128, num_workers=4, pin_memory=True,
                                     persistent_workers=True)
for epoch in range(cfg["epochs"]):
    for batch in loader:
        model.fit_batch(batch)  # expect: GPU201 "the one definition of fit_batch() in the classes"
        model.check(batch)  # ok: GPU201 (WideNet's check() reads nothing from the GPU)
