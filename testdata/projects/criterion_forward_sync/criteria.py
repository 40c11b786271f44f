"""A set-prediction criterion whose forward normalises the loss by a box
count it reads to the host, and a metric that reads its score."""
import torch
from torch import nn


class BoxSetCriterion(nn.Module):
    def __init__(self, weights):
        super().__init__()
        self.weights = weights

    def forward(self, predictions, targets):
        total = sum(len(t["boxes"]) for t in targets)
        total = torch.as_tensor([total], dtype=torch.float, device=predictions["boxes"].device)
        total = torch.clamp(total, min=1).item()
        l1 = (predictions["boxes"] - torch.cat([t["boxes"] for t in targets])).abs().sum() / total
        return {"l1": l1 * self.weights["l1"]}


class MatchRate(nn.Module):
    def forward(self, predictions, targets):
        return (predictions["labels"] == targets).float().mean().item()


def build_criteria():
    return BoxSetCriterion({"l1": 5.0}), MatchRate()
