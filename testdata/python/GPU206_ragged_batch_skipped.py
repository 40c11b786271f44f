# `if world > 1 and rows.size(0) % world != 0: continue`: a batch whose size
# does not divide among the processes is skipped, and only an epoch's ragged
# last batch can be one; the print under it is not per step. A remainder of
# the step counter (`idx % world != 0`) holds on most steps.
import torch
import torch.distributed as dist

device = torch.device("cuda")
world = dist.get_world_size() if dist.is_initialized() else 1
net = torch.nn.Linear(8, 1).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
rows_ds = torch.utils.data.TensorDataset(torch.randn(1000, 8))
feed = torch.utils.data.DataLoader(rows_ds, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)

for idx, (rows,) in enumerate(feed):
    if world > 1 and rows.size(0) % world != 0:
        print("dropping ragged batch %d of %d rows" % (idx, rows.size(0)))  # ok: GPU206 (the last batch only)
        continue
    if len(rows) % 8 > 0:
        print("batch %d does not fill the tensor cores" % idx)  # ok: GPU206 (the last batch only)
    if idx % world != 0:
        print("step %d" % idx)  # expect: GPU206 "on every step"
    rows = rows.to(device, non_blocking=True)
    cost = net(rows).pow(2).mean()
    opt.zero_grad()
    cost.backward()
    opt.step()
