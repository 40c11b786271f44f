# Loops that run until a GPU-computed score crosses a threshold read that
# score on the host each pass: it is the loop's own stop test, so no guard
# or device-side rewrite removes it. Other reads in the same loop still count.
import torch


def similarity(a, b):
    return 1.0 - (a - b).abs().mean()


def fit_image(target, steps_log):
    guess = torch.rand_like(target, device="cuda", requires_grad=True)
    target = target.cuda()
    opt = torch.optim.Adam([guess], lr=0.01)
    value = similarity(target, guess).item()
    while value < 0.99:
        opt.zero_grad()
        out = -similarity(target, guess)
        value = -out.item()  # ok: GPU201 -- the loop's own stop test
        out.backward()
        opt.step()
        steps_log.append(out.item())  # expect: GPU201 "every step"
    return guess


def fit_until_small(model, x, y):
    x, y = x.cuda(), y.cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loss = torch.nn.functional.mse_loss(model(x), y)
    while loss.item() > 1e-3:  # ok: GPU201 -- the condition is the stop test
        opt.zero_grad()
        loss.backward()
        opt.step()
        loss = torch.nn.functional.mse_loss(model(x), y)
    return model
