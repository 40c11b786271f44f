import torch
from torch.utils.data import DataLoader

from utils import Tracker, finish_line, progress_bar


def train(dataset, epochs, sinks):
    device = torch.device("cuda")
    net = torch.nn.Linear(32, 10).to(device)
    loader = DataLoader(dataset, batch_size=128, num_workers=4, pin_memory=True, persistent_workers=True)
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    tracker = Tracker(sinks)
    for epoch in range(epochs):
        correct = 0
        for batch_idx, (inputs, targets) in enumerate(loader):
            inputs = inputs.to(device, non_blocking=True)
            targets = targets.to(device, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(net(inputs), targets)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            correct += (net(inputs).argmax(1) == targets).sum()
            progress_bar(batch_idx, len(loader), "epoch %d" % epoch)  # expect: GPU206 "progress_bar() runs `sys.stdout.write("
            finish_line(batch_idx, len(loader))  # ok: GPU206
            tracker.log(dict(train_loss=loss, step=batch_idx))  # expect: GPU201 "log() runs `sink.log(values, step=step)`"
            if batch_idx % 100 == 0:
                progress_bar(batch_idx, len(loader))  # ok: GPU206
        tracker.log({"epoch_loss": loss}, step=epoch)
        print(epoch, int(correct))
