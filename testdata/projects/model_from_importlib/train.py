# The network module is chosen by name with importlib, moved with .cuda() and
# put back in training mode each epoch (`net = net.train()` returns the same
# module): its outputs are GPU tensors, so the per-step `.cpu()` of the hit
# count waits for the GPU. `.train()` of a module on the host stays silent.
import argparse
import importlib
import sys

import torch
from torch.utils.data import DataLoader, TensorDataset

sys.path.append("nets")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arch", default="small_cnn")
    args = parser.parse_args()
    arch = importlib.import_module(args.arch)
    net = arch.get_model(4).cuda()
    probe = arch.get_model(4)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    data = TensorDataset(torch.randn(256, 16), torch.randint(0, 4, (256,)))
    loader = DataLoader(data, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(10):
        net = net.train()
        probe = probe.eval()
        for x, y in loader:
            x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
            logits, _ = net(x)
            loss = torch.nn.functional.cross_entropy(logits, y)
            hits = logits.argmax(1).eq(y).cpu().sum()  # expect: GPU201 ".cpu()"
            host_logits, _ = probe(torch.randn(2, 16))
            top = host_logits.argmax(1).cpu()  # ok: GPU201 (a module left on the host)
            loss.backward()
            opt.step()
            opt.zero_grad()
            print(hits, top)


if __name__ == "__main__":
    main()
