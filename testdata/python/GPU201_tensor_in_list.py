"""GPU201: `token in stop_ids` with a GPU tensor on the left and a list or
tuple on the right compares the tensor with each element and asks each bool
tensor for its truth value: a sync per element, on every step. The list may
be a display, a name bound to one, or an option argparse collects into a list
(`action="append"`, `nargs="+"`) passed to a helper whose default is None
(`if ids is None or token in ids:` never tests None). A set or dict hashes
the tensor by identity (no read), and a host value is no sync."""
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--eos_id", action="append", type=int, default=[2])
parser.add_argument("--eos_name", type=str, default="</s>")
args = parser.parse_args()

model = torch.nn.Linear(8, 8).cuda().eval()
stop_ids = [5, 7]
stop_set = {5, 7}
loader = torch.utils.data.DataLoader(torch.randn(64, 8), batch_size=8, num_workers=4, pin_memory=True)
finished = 0


def count_finished(last, eos_ids=None, names=None):
    done = 0
    for i in range(last.shape[0]):
        if names is not None and last[i] in names:  # ok: GPU201 (a string: no list of tensors compared)
            done += 1
        if eos_ids is None or last[i] in eos_ids:  # expect: GPU201 "with each element of `eos_ids`"
            done += 1
    return done


with torch.no_grad():
    for x in loader:
        last = model(x.cuda(non_blocking=True)).argmax(-1)
        finished += count_finished(last, eos_ids=args.eos_id, names=args.eos_name)
        finished += count_finished(last)
        for i in range(8):
            if last[i] in stop_ids:  # expect: GPU201 "with each element of `stop_ids`"
                finished += 1
        following = model(torch.nn.functional.one_hot(last, 8).float()).argmax(-1)
        host_following = following.tolist()  # expect: GPU201 "Line 45 waits on the GPU again right after it"
        for i in range(8):
            if following[i] not in (5, 7):  # ok: GPU201 (tested right after the read at line 43: part of that finding)
                finished -= 1
            if following[i] in stop_set:  # ok: GPU201 (a set hashes the tensor by identity)
                finished += 2
            if host_following[i] in stop_ids:  # ok: GPU201 (a host int)
                finished += 3
