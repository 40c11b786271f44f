"""Shared bases of the project's trainers: one derives from Hugging Face's
Trainer, the other from nothing a library runs per step."""
from transformers import Trainer


class LoggingTrainer(Trainer):
    def stash(self, name, value):
        self.state.log_history.append({name: value})


class OfflineScorer:
    def score_all(self, batches):
        return [self.compute_loss(None, b) for b in batches[:1]]


def peak(values):
    return values.max().item()
