# A parameter named like a function of the file is whatever the caller
# passes: calling it does not run that function, so the loop around the
# call is no step loop because the function of that name trains.
import torch


def train_step(model, batch, optimizer):
    loss = model(batch.cuda()).mean()
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()


def fit(model, loader, optimizer):
    model = model.cuda()
    for batch in loader:
        train_step(model, batch, optimizer)
        print("step done")  # expect: GPU206


def run_jobs(jobs, train_step):
    for job in jobs:
        train_step(job)
        print("finished", job)  # ok: GPU206 (a loop over jobs; `train_step` is the caller's function)
