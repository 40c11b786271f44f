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
            print("step", step)
        if step % args.save_every == 0:
            torch.save(model.state_dict(), "last.pt")
        if step % run_cfg.print_every == 0:
            print("still running", step)
        if step % run_cfg.ckpt_every == 0:
            torch.save(model.state_dict(), "often.pt")
