import torch

from clips import clip_loader
from heads import Head

device = torch.device("cuda")
net = Head().to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for clip in clip_loader(64):
    cost = net(clip.to(device).float()).pow(2).mean()
    opt.zero_grad()
    cost.backward()
    opt.step()
