"""The step loop calls helpers of audio.py: one tests a GPU tensor on every
call (reported at the call), the other only on one configuration's branch or
compares lists (silent)."""
import torch
from torch.utils.data import DataLoader

from audio import clip_features, mel_features

device = torch.device("cuda")
model = torch.nn.Linear(80, 80).to(device)
optimizer = torch.optim.Adam(model.parameters())
loader = DataLoader(range(512), batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)

for epoch in range(3):
    for wav in loader:
        wav = wav.to(device, non_blocking=True)
        spec = mel_features(model(wav), 64)  # expect: GPU201 "mel_features() runs `torch.min(y) < -1.0`"
        spec = clip_features(spec, False, list(model.parameters()), model)  # ok: GPU201
        loss = spec.mean()
        loss.backward()
        optimizer.step()
