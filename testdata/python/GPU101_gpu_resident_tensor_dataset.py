# A TensorDataset over tensors already on the GPU (embeddings a frozen
# encoder computed) is sliced on the device: there is nothing for a worker to
# load, and a worker could not start (CUDA does not start in forked
# processes), so neither workers nor pinning apply. The same head trained on
# embeddings kept on the host still loads in the main process.
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


def embed_all(encoder, images, device):
    with torch.no_grad():
        return encoder(images.to(device))


def probe_on_device(encoder, images, labels, device, epochs):
    codes = embed_all(encoder, images, device)
    probe_set = TensorDataset(codes, labels.to(device))
    batches = DataLoader(probe_set, batch_size=256, shuffle=True)  # ok: GPU101 GPU103
    head = torch.nn.Linear(codes.shape[1], 10).to(device)
    opt = torch.optim.SGD(head.parameters(), lr=0.05)
    for _ in range(epochs):
        for z, y in batches:
            loss = F.cross_entropy(head(z), y)
            opt.zero_grad()
            loss.backward()
            opt.step()


def probe_from_host(encoder, images, labels, device, epochs):
    codes = embed_all(encoder, images, device).cpu()
    probe_set = TensorDataset(codes, labels)
    batches = DataLoader(probe_set, batch_size=256, shuffle=True, pin_memory=True)  # expect: GPU101 "main process"
    head = torch.nn.Linear(codes.shape[1], 10).to(device)
    opt = torch.optim.SGD(head.parameters(), lr=0.05)
    for _ in range(epochs):
        for z, y in batches:
            loss = F.cross_entropy(head(z.to(device, non_blocking=True)), y.to(device, non_blocking=True))
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    dev = torch.device("cuda")
    enc = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(784, 64)).to(dev)
    imgs, ys = torch.randn(60000, 1, 28, 28), torch.randint(0, 10, (60000,))
    probe_on_device(enc, imgs, ys, dev, 20)
    probe_from_host(enc, imgs, ys, dev, 20)
