# A model class and the Hugging Face Trainer that runs it, in one file: the
# Trainer's loop calls forward on every batch, though no loop here does.
import torch
from torch import nn
from transformers import Trainer, TrainingArguments


class RegressionHead(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.proj = nn.Linear(width, 1)
        self.worst = 0.0

    def forward(self, features, labels=None):
        preds = self.proj(features).squeeze(-1)
        if labels is None:
            return {"preds": preds}
        err = (preds - labels).abs()
        self.worst = max(self.worst, err.max().item())  # expect: GPU201 "Hugging Face Trainer's evaluation loop"
        return {"loss": err.mean(), "preds": preds}


class SpareHead(nn.Module):
    def forward(self, features):
        return features.sum().item()  # ok: GPU201 (no trainer or loop runs this class)


def score(eval_ds, width):
    model = RegressionHead(width).to("cuda")
    args = TrainingArguments(output_dir="scores", per_device_eval_batch_size=64, dataloader_num_workers=4)
    scorer = Trainer(model=model, args=args, eval_dataset=eval_ds)
    return scorer.evaluate()
