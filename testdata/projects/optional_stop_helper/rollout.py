"""An RL step loop decodes rollouts from each batch of prompts: the call that
leaves stop_ids at None never reads a GPU value; the one that passes stop
ids waits for the GPU on every step."""
import torch
from torch.utils.data import DataLoader

from sampling import decode

device = torch.device("cuda")
policy = torch.nn.Embedding(100, 100).to(device)
opt = torch.optim.AdamW(policy.parameters())
loader = DataLoader(torch.randint(0, 100, (64, 8)), batch_size=8, num_workers=2, pin_memory=True,
                    persistent_workers=True)

for epoch in range(2):
    for prompts in loader:
        prompts = prompts.to(device, non_blocking=True)
        with torch.no_grad():
            rollout = decode(policy, prompts, 16)  # ok: GPU201 (stop_ids left at None: no read runs)
            stopped = decode(policy, prompts, 16, stop_ids=[2])  # expect: GPU201 "decode() runs `finished.all().item()`"
        loss = policy(torch.cat([rollout, stopped])).logsumexp(-1).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
