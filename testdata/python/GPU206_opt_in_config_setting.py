# A setting read with an off default (`cfg.get("trace_timing", False)`,
# `getattr(cfg, "sync_debug", None)`) from a config the analysis cannot see is
# opt-in, as a store_true option is: what it guards does not run on a default
# run. A default that is on, or a config in the file that sets the key, runs
# the branch every step.
import torch
import torch.nn.functional as F

LOCAL_SETTINGS = {"trace_memory": True}


def train(cfg, net, loader, opt, device, clock):
    for step, (x, y) in enumerate(loader):
        loss = F.cross_entropy(net(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if cfg.get("trace_timing", False):
            print(clock.report(step))  # ok: GPU206 (opt-in setting)
        if getattr(cfg, "sync_debug", None):
            torch.cuda.synchronize()  # ok: GPU201 (opt-in setting)
        if cfg.get("announce_steps", True):
            print("finished step", step)  # expect: GPU206 "logs on every step"
        if LOCAL_SETTINGS.get("trace_memory", False):
            print("allocated", torch.cuda.memory_allocated())  # expect: GPU206 "logs on every step"
