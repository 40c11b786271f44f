import torch


class ScaledUpdate:
    """Backward and optimizer step behind a call; the scaler's attribute name says nothing of what it is."""

    def __init__(self, params):
        self.solver = torch.optim.AdamW(params, lr=1e-3)
        self.gain = torch.amp.GradScaler("cuda")

    def __call__(self, loss):
        self.solver.zero_grad(set_to_none=True)
        self.gain.scale(loss).backward()
        self.gain.step(self.solver)
        self.gain.update()


class Pace:
    """Only a learning-rate schedule: calling it trains nothing."""

    def __init__(self, solver):
        self.plan = torch.optim.lr_scheduler.StepLR(solver, step_size=10)

    def __call__(self):
        self.plan.step()
