"""The step loop reads its intervals from the objects main.py builds."""
import torch


def fit(model, loader, optimizer, device, args, run_cfg):
    model.train()
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % args.log_interval == 0:
            print("step", step)  # expect: GPU206 "`args.log_interval` resolves to 1"
        if step % args.save_every == 0:
            torch.save(model.state_dict(), "last.pt")  # ok: GPU203
        if step % run_cfg.print_every == 0:
            print("still running", step)  # ok: GPU206
        if step % run_cfg.ckpt_every == 0:  # expect: GPU203 "run_cfg.ckpt_every resolves to 2"
            torch.save(model.state_dict(), "often.pt")
