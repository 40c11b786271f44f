"""A helper's branch on a parameter compared with a literal (`if fix_class
== -1:` and its else, `if mode != "train":`) runs for a call only when the
value the call passes, or the parameter's default, takes it."""
import torch
import torch.nn.functional as F

device = torch.device("cuda")
net = torch.nn.Linear(16, 4).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)


def draw_classes(n, fix_class=-1):
    if fix_class == -1:
        ids = torch.randint(0, 4, (n,), device=device)
    else:
        ids = torch.full((n,), fix_class, dtype=torch.long)
        ids = ids.cuda()  # ok: the training loop leaves fix_class at -1; the loop below over classes runs once per epoch
    return ids


def report(loss, mode="train"):
    if mode != "train":
        print("loss", loss.item())  # expect: GPU201 "evaluation loop at line 39 (through report() called at line 42)"
    return loss


def train(loader, val_loader, epochs):
    for epoch in range(epochs):
        for x, _ in loader:
            x = x.to(device, non_blocking=True)
            y = draw_classes(x.shape[0])
            loss = F.cross_entropy(net(x), y)
            report(loss)
            opt.zero_grad()
            loss.backward()
            opt.step()
        net.eval()
        with torch.no_grad():
            for x, y in val_loader:
                x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
                val_loss = F.cross_entropy(net(x), y)
                report(val_loss, mode="val")
        net.train()
        for k in range(4):
            draw_classes(8, fix_class=k)
