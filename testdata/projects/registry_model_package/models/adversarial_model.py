import torch
import torch.nn as nn

from models.regression_model import RegressionModel


class AdversarialModel(RegressionModel):
    def __init__(self, options):
        super().__init__(options)
        self.critic = nn.Linear(32, 1).to(self.device)
        self.opt_critic = torch.optim.Adam(self.critic.parameters(), lr=1e-4)

    def optimize(self, step):
        self.opt.zero_grad(set_to_none=True)
        fake = self.net(self.inputs)
        loss_g = (fake - self.inputs).abs().mean() - self.critic(fake).mean()
        loss_g.backward()
        self.opt.step()
        self.opt_critic.zero_grad(set_to_none=True)
        loss_d = self.critic(fake.detach()).mean() - self.critic(self.inputs).mean()
        loss_d.backward()
        self.opt_critic.step()
        self.log = self.summarize({"g": loss_g, "d": loss_d})

    def describe(self):
        # The critic's score of the last batch, read on the host.
        return f"adversarial, critic says {self.critic(self.inputs).mean().item():.3f}"
