"""A trainer whose step loop is a `while` that draws the next batch from an
iterator; the backward pass, the optimizer step and the per-step reads of
GPU values all sit in methods and helpers it calls."""
import torch

import metrics
from sampling import HostSampler, make_sampler


def dev():
    if torch.cuda.is_available():
        return torch.device("cuda:0")
    return torch.device("cpu")


class TrainLoop:
    def __init__(self, model, data, sampler_name, total_steps, log_interval=100):
        self.model = model
        self.data = data
        self.sampler = make_sampler(sampler_name, 1000)
        self.host_sampler = HostSampler() if sampler_name == "debug" else make_sampler("uniform", 10)
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=1e-4)
        self.total_steps = total_steps
        self.log_interval = log_interval
        self.step = 0

    def run_loop(self):
        while self.step < self.total_steps:
            batch, cond = next(self.data)
            self.run_step(batch, cond)
            if self.step % self.log_interval == 0:
                print("step", self.step)  # ok: GPU206
            self.step += 1

    def run_step(self, batch, cond):
        micro = batch.to(dev())
        t, scale = self.sampler.sample(micro.shape[0], dev())
        loss = (self.model(micro, t) * scale).mean()
        self.keep_timesteps(t)
        spare, _ = self.host_sampler.sample(micro.shape[0], dev())
        seen = spare.tolist()  # ok: GPU201
        metrics.record_timesteps(t, 4)  # expect: GPU201 "record_timesteps() runs `timesteps.cpu()`"
        metrics.bump("steps")
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        return seen

    def keep_timesteps(self, t):
        self.last_t = t.cpu().numpy()  # expect: GPU201 "`t.cpu()`"
