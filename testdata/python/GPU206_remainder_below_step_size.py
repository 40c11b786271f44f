# A sample counter advanced by the batch size (`seen += batch_size`) and
# tested with `seen % every < batch_size` crosses each multiple of `every`
# once: the branch runs once per `every` samples, in the loop or behind a
# predicate method. A remainder below half the interval or more
# (`step % 4 < 2`), or above zero, holds on most steps.
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--batch_size", type=int, default=32)
parser.add_argument("--print_every", type=int, default=640)
parser.add_argument("--save_every", type=int, default=64000)
opt = parser.parse_args()


class SampleClock:
    def __init__(self, opt):
        self.opt = opt
        self.seen = 0

    def advance(self):
        self.seen += self.opt.batch_size

    def due_save(self):
        return self.seen % self.opt.save_every < self.opt.batch_size


data = TensorDataset(torch.randn(4096, 8), torch.randn(4096, 1))
loader = DataLoader(data, batch_size=opt.batch_size, shuffle=True, num_workers=4, pin_memory=True)
net = torch.nn.Linear(8, 1).cuda()
optim = torch.optim.SGD(net.parameters(), lr=0.1)
clock = SampleClock(opt)
step = 0
for x, y in loader:
    clock.advance()
    step += 1
    x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
    optim.zero_grad()
    loss = torch.nn.functional.mse_loss(net(x), y)
    loss.backward()
    optim.step()
    if clock.seen % opt.print_every < opt.batch_size:
        print("samples %d" % clock.seen)  # ok: once per print_every samples
    if clock.due_save():
        torch.save(net.state_dict(), "last.pt")  # ok: once per save_every samples
    if step % 4 < 2:
        print("step %d" % step)  # expect: GPU206
    if step % 50 > 0:
        print("between", step)  # expect: GPU206
