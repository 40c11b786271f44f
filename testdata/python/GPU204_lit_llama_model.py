# A LLaMA model from Lightning's lit_llama package has billions of
# parameters: a micro-batch of 2 sequences fills the GPU, so the small batch
# is a note (large_model_modules), not a warning.
import torch
from torch.utils.data import DataLoader

from lit_llama.model import LLaMA, LLaMAConfig


def finetune(dataset, optimizer_cls, steps):
    model = LLaMA(LLaMAConfig.from_name("7B")).cuda()
    optimizer = optimizer_cls(model.parameters(), lr=3e-4)
    loader = DataLoader(dataset, batch_size=2, shuffle=True, num_workers=4, pin_memory=True)  # expect: GPU204 "common with lit_llama models"
    for step, (x, y) in enumerate(loader):
        logits = model(x.cuda(non_blocking=True))
        loss = torch.nn.functional.cross_entropy(logits.flatten(0, 1), y.cuda(non_blocking=True).flatten())
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        if step >= steps:
            break
