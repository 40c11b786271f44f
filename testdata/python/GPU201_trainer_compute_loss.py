# Hugging Face's Trainer.training_step calls compute_loss once per step: a
# read in an override runs on every step, as in a training_step override.
# A class of the project's own named *Trainer (not the library's) is judged
# by who calls its compute_loss, and a read under a periodic guard is fine.
import torch
import torch.nn.functional as F
from transformers import Trainer


class DistillTrainer(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False, **kwargs):
        out = model(**inputs)
        valid = inputs["attention_mask"][:, 1:].bool()
        per_pos = F.cross_entropy(out.logits[:, :-1].transpose(1, 2), inputs["input_ids"][:, 1:], reduction="none")
        if valid.any():  # expect: GPU201 "compute_loss (called by training_step)"
            loss = (per_pos * valid).sum() / valid.sum()
        else:
            loss = per_pos.sum() * 0
        if self.state.global_step % 500 == 0:
            print(loss.item())  # ok: GPU201 (every 500 steps)
        return (loss, out) if return_outputs else loss


class BaseTrainer:
    def compute_loss(self, model, batch):
        loss = model(batch).mean()
        print(loss.item())  # ok: GPU201 (no loop of this file calls it)
        return loss


class LocalTrainer(BaseTrainer):
    pass
