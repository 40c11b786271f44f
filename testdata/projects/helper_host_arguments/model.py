"""The validation pass hands the helper tensors it copied to the host
itself (one finding, at that copy); the training loop hands it the GPU
output, so the call waits on every step."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from imgutil import to_images


class Restorer:
    def __init__(self):
        self.device = torch.device("cuda")
        self.net = torch.nn.Conv2d(3, 3, 3, padding=1).to(self.device)
        self.opt = torch.optim.Adam(self.net.parameters())

    def visuals(self):
        return {"result": self.output.detach().cpu()}  # expect: GPU201 "copies"

    def validate(self, loader):
        total = 0.0
        for (lq,) in loader:
            with torch.no_grad():
                self.output = self.net(lq.to(self.device, non_blocking=True))
            image = to_images([self.visuals()["result"]])  # ok: GPU201 (host tensors, copied above)
            total += float(image.mean())
        return total

    def train(self, loader):
        for (lq,) in loader:
            out = self.net(lq.to(self.device, non_blocking=True))
            loss = out.square().mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            preview = to_images(out)  # expect: GPU201 "to_images"


data = TensorDataset(torch.randn(64, 3, 16, 16))
loader = DataLoader(data, batch_size=8, num_workers=2, pin_memory=True, persistent_workers=True)
model = Restorer()
model.train(loader)
print(model.validate(loader))
