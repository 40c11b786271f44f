# GPU103's fix pins the loader and, in the same fix, makes the copies of its
# batches in the step loop asynchronous (what GPU104 asks once it pins).
import torch
from torch.utils.data import DataLoader


def train_copies_in_step_loop(ds, model, opt):
    loader = DataLoader(ds, batch_size=32, num_workers=4, persistent_workers=True)  # expect: GPU103 "pin_memory is omitted"
    for x, y in loader:
        x = x.to("cuda")
        y = y.cuda()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


def train_written_false(ds, model, opt):
    loader = DataLoader(ds, batch_size=32, num_workers=4, persistent_workers=True, pin_memory=False)  # expect: GPU103 "resolves to False"
    for batch in loader:
        inputs = batch["inputs"].to("cuda", non_blocking=False)
        loss = model(inputs).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def train_copy_already_async(ds, model, opt):
    loader = DataLoader(ds, batch_size=32, num_workers=4, persistent_workers=True)  # expect: GPU103 "pin_memory is omitted"
    for x in loader:
        x = x.to("cuda", non_blocking=True)  # ok: asynchronous already; only pin_memory is added
        loss = model(x).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def train_copy_under_periodic_guard(ds, model, opt):
    loader = DataLoader(ds, batch_size=32, num_workers=4, persistent_workers=True)  # expect: GPU103 "pin_memory is omitted"
    for step, x in enumerate(loader):
        loss = model(x.float()).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 500 == 0:
            probe = x.to("cuda")  # ok: not once per step; GPU104 would not ask, so the fix leaves it
            print(model(probe).mean().item())


def train_two_loaders(ds_a, ds_b, model, opt):
    # Each loader's fix pins one of the two: the copies become asynchronous
    # one round later, once both pin (GPU104's own fix).
    left = DataLoader(ds_a, batch_size=32, num_workers=4, persistent_workers=True)  # expect: GPU103 "pin_memory is omitted"
    right = DataLoader(ds_b, batch_size=32, num_workers=4, persistent_workers=True)  # expect: GPU103 "pin_memory is omitted"
    for a, b in zip(left, right):
        a = a.to("cuda")
        b = b.to("cuda")
        loss = model(a, b).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
