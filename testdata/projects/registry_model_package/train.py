import torch

from models import create_model

options = {"model_type": "AdversarialModel", "lr_schedule": "StepLR"}
model = create_model(options)
schedule = getattr(torch.optim.lr_scheduler, options["lr_schedule"])(model.opt, step_size=1000)
loader = torch.utils.data.DataLoader(torch.randn(4096, 32), batch_size=64, num_workers=4, pin_memory=True,
                                     persistent_workers=True)
for epoch in range(20):
    for step, batch in enumerate(loader):
        model.feed(batch)
        model.optimize(step)  # expect: GPU201 "each of the 2 definitions of optimize() in the classes"
        print(model.describe())  # ok: GPU201 (only the adversarial model's describe() reads the GPU)
        schedule.step()  # ok: GPU201 (torch's scheduler, not the project's LoggedWarmup)
