# A dataset whose __getitem__ returns CUDA tensors (a token corpus kept on
# the host, windows copied to the GPU per sample) feeds the default collate
# GPU tensors: workers would have to start CUDA in forked processes and
# there is no host batch to pin, so the loader stays in the main process.
# The same dataset returning host tensors keeps both findings. A loader
# whose dataset may be either class keeps GPU101 (the host class loads in
# the main process), but pinning would raise for the GPU one. A dataset
# that decodes an image before its `.cuda()` keeps GPU101: the decode is a
# worker's job once the copy has moved out of __getitem__ (the message says so).
import torch
import torchvision.transforms.functional as TF
from PIL import Image
from torch.utils.data import DataLoader, Dataset

corpus = torch.randint(0, 256, (1_000_000,), dtype=torch.uint8)


class GpuWindows(Dataset):
    def __init__(self, data, n):
        self.data, self.n = data, n

    def __getitem__(self, i):
        start = torch.randint(0, self.data.numel() - self.n - 1, (1,))
        return self.data[start:start + self.n + 1].long().cuda()

    def __len__(self):
        return self.data.numel() // self.n


class HostWindows(GpuWindows):
    def __getitem__(self, i):
        start = torch.randint(0, self.data.numel() - self.n - 1, (1,))
        return self.data[start:start + self.n + 1].long()


class DecodedImages(Dataset):
    def __init__(self, paths):
        self.paths = paths

    def __getitem__(self, i):
        image = Image.open(self.paths[i]).convert("RGB")
        return TF.to_tensor(image).half().cuda()

    def __len__(self):
        return len(self.paths)


def train(model, loader, steps=1000):
    opt = torch.optim.Adam(model.parameters())
    for step, seq in enumerate(loader):
        seq = seq.cuda()
        loss = model(seq).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def main(use_gpu_windows):
    model = torch.nn.Embedding(256, 256).cuda()
    train(model, DataLoader(GpuWindows(corpus, 128), batch_size=32))  # ok: GPU101 GPU103 (items are CUDA tensors)
    train(model, DataLoader(HostWindows(corpus, 128), batch_size=32))  # expect: GPU101 GPU103
    either = GpuWindows(corpus, 128) if use_gpu_windows else HostWindows(corpus, 128)
    train(model, DataLoader(either, batch_size=32))  # expect: GPU101  # ok: GPU103 (pinning would raise on the GPU class's samples)
    images = DataLoader(DecodedImages(["a.png", "b.png"]), batch_size=32)  # expect: GPU101 "which a worker process cannot do"  # ok: GPU103 (CUDA samples)
    train(model, images)
