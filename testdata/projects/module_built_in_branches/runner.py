# A model an object builds in one of two branches (`self.D = Critic(5)` for
# one mode, `Critic(13)` for another, the class in another file) is a module
# either way: its outputs are on the GPU it is moved to, so reading the loss
# back every step syncs.
import torch
from nets import Critic


class Runner:
    def __init__(self, loader, mode):
        self.loader = loader
        self.mode = mode
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.build()

    def build(self):
        if self.mode in ["faces", "expressions"]:
            self.D = Critic(5)
        elif self.mode in ["joint"]:
            self.D = Critic(13)
        self.opt = torch.optim.Adam(self.D.parameters())
        self.D.to(self.device)

    def train(self, steps):
        it = iter(self.loader)
        for i in range(steps):
            x, lab = next(it)
            x = x.to(self.device)
            out_src, out_cls = self.D(x)
            loss_real = -torch.mean(out_src)
            out_src2, out_cls2 = self.D(x.flip(0))
            loss_fake = torch.mean(out_src2)
            self.opt.zero_grad()
            (loss_real + loss_fake).backward()
            self.opt.step()
            stats = {"real": loss_real.item()}  # expect: GPU201
            if (i + 1) % 100 == 0:
                print(stats)  # ok: every 100 steps
