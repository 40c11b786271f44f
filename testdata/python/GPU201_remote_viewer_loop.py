"""A training loop that serves a remote viewer: `while monitor.client is not
None:` runs only while someone has a viewer connected to the run, so the
frame it reads back and the request it parses are no cost of the job's
steps. A `while batch is not None:` prefetcher loop is the step loop itself."""
import json
import socket

import torch
import torch.nn as nn


class Monitor:
    def __init__(self, port=6009):
        self.client = None
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", port))
        self.server.listen()
        self.server.setblocking(False)

    def accept(self):
        try:
            self.client, _ = self.server.accept()
        except BlockingIOError:
            self.client = None

    def request(self):
        size = int.from_bytes(self.client.recv(4), "little")
        return json.loads(self.client.recv(size).decode("utf-8"))  # ok: GPU106 (the viewer's request, while one is connected)


class Prefetcher:
    def __init__(self, loader, device):
        self.it, self.device = iter(loader), device

    def next(self):
        try:
            x = next(self.it)
        except StopIteration:
            return None
        return x.to(self.device, non_blocking=True)


def fit(loader, steps=20_000):
    device = torch.device("cuda")
    net = nn.Sequential(nn.Linear(48, 256), nn.ReLU(), nn.Linear(256, 3)).to(device)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    monitor = Monitor()
    for step in range(steps):
        x = torch.randn(2048, 48, device=device)
        loss = net(x).square().mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if monitor.client is None:
            monitor.accept()
        while monitor.client is not None:
            ask = monitor.request()
            with torch.no_grad():
                frame = net(x[: ask["rows"]])
            monitor.client.sendall(frame.cpu().numpy().tobytes())  # ok: GPU201 (only while a viewer is connected)
            if ask.get("resume"):
                break
    prefetch = Prefetcher(loader, device)
    batch = prefetch.next()
    while batch is not None:
        loss = net(batch).square().mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        print(loss.item())  # expect: GPU201 "loss.item()"
        batch = prefetch.next()
