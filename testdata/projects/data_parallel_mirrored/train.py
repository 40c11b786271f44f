import torch
import torch.nn as nn

from averaging import AveragedCopy, replicate

data = torch.utils.data.TensorDataset(torch.randn(512, 32))
loader = torch.utils.data.DataLoader(data, batch_size=64, shuffle=True, num_workers=4, pin_memory=True,
                                     persistent_workers=True)
net = nn.DataParallel(nn.Linear(32, 32).cuda())  # expect: GPU207 "drives every GPU from one Python process"
helper_net = replicate(nn.Linear(32, 32).cuda())
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
average = AveragedCopy()
for epoch in range(10):
    for (x,) in loader:
        loss = net(x.cuda(non_blocking=True)).pow(2).mean() + helper_net(x.cuda(non_blocking=True)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    average.snapshot(net)
