"""GPU201: `token in stop_ids` with a GPU tensor on the left and a list or
tuple on the right compares the tensor with each element and asks each bool
tensor for its truth value: a sync per element, on every step. A set or dict
hashes the tensor by identity (no read), and a host value is no sync."""
import torch

model = torch.nn.Linear(8, 8).cuda().eval()
stop_ids = [5, 7]
stop_set = {5, 7}
loader = torch.utils.data.DataLoader(torch.randn(64, 8), batch_size=8, num_workers=4, pin_memory=True)
finished = 0
with torch.no_grad():
    for x in loader:
        last = model(x.cuda(non_blocking=True)).argmax(-1)
        host_last = last.tolist()  # expect: GPU201
        for i in range(8):
            if last[i] in stop_ids:  # expect: GPU201 "with each element of `stop_ids`"
                finished += 1
            if last[i] not in (5, 7):  # expect: GPU201
                finished -= 1
            if last[i] in stop_set:  # ok: GPU201 (a set hashes the tensor by identity)
                finished += 2
            if host_last[i] in stop_ids:  # ok: GPU201 (a host int)
                finished += 3
