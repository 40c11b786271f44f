"""Per-parameter host reads in the step loop of a model that arrives as a
parameter of unknown type and is moved to the GPU in the function: only a
module has .parameters(), so what it yields lives where the model was moved,
and only a module is called: its output is where it was moved (the finding
names the call, not the labels beside it).
Reads outside the step loop or under a periodic guard stay silent; so does
a model moved to the CPU."""
import torch


def train(model, loader, optimizer, log_every=100):
    model = model.cuda()
    for p in model.parameters():  # once, before training
        print(p.shape, p.norm().item())  # ok: outside the step loop
    for step, (x, y) in enumerate(loader):
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        print(loss.item())  # expect: GPU201 "`loss` comes from `model(x)`"
        for name, p in model.named_parameters():
            if p.grad is not None:
                print(name, p.grad.norm().item())  # expect: GPU201
        if step % log_every == 0:
            for p in model.parameters():
                print(p.grad.norm().item())  # ok: under a periodic guard
        optimizer.step()


def train_on_host(model, loader, optimizer):
    model = model.to("cpu")
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        for p in model.parameters():
            print(p.grad.norm().item())  # ok: the model was moved to the CPU
        optimizer.step()
