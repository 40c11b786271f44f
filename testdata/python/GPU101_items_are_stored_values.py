# A dataset whose __getitem__ only looks values up (a prompt and its index
# for a generation pass) gives a worker nothing to read, decode or convert:
# the loader is fine in the main process, for inference and for training
# alike. One whose __getitem__ builds a tensor per sample keeps the finding.
import torch
from torch.utils.data import DataLoader, Dataset


class Prompts(Dataset):
    def __init__(self, prompt, n):
        self.prompt, self.n = prompt, n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return {"prompt": self.prompt, "index": int(i)}


class Noise(Prompts):
    def __getitem__(self, i):
        return torch.randn(3, 64, 64)


model = torch.nn.Conv2d(3, 3, 3).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.no_grad()
def sample(n):
    prompts = DataLoader(Prompts("a photo of a dog", n), batch_size=4)  # ok: GPU101 (nothing to load, for inference)
    for batch in prompts:
        print(batch["prompt"], batch["index"])


stand_in = DataLoader(Prompts("a photo", 64), batch_size=16, shuffle=True, pin_memory=True)  # ok: GPU101 (values held in memory: nothing to load)
for batch in stand_in:
    loss = model(torch.zeros(16, 3, 8, 8, device="cuda") + len(batch["prompt"])).mean()
    loss.backward()
noise = DataLoader(Noise("unused", 200), batch_size=16, pin_memory=True, shuffle=True)  # expect: GPU101
for x in noise:
    loss = model(x.cuda(non_blocking=True)).square().mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
