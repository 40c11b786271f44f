# A LightningModule whose LightningModule base lives in another file: the
# Trainer moves each batch to the GPU and runs training_step on every step,
# training_step_end right after it on what it returned, and `self(...)`
# runs this module's forward. A class built on a plain nn.Module base is no
# Lightning task: its `training_step` is only what its callers make it.
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence

from tasks.base import PlainBase, TaskBase


class SpeechTask(TaskBase):
    def __init__(self, feats=40, hidden=64, vocab=20):
        super().__init__()
        self.rnn = nn.GRU(feats, hidden)
        self.head = nn.Linear(hidden, vocab)
        self.ctc = nn.CTCLoss()

    def forward(self, feats, lengths):
        packed = pack_padded_sequence(feats, lengths.cpu())  # expect: GPU201 "through self() called at line 27"
        out, _ = self.rnn(packed)
        return self.head(out.data)

    def training_step(self, batch, batch_idx):
        feats, labels, lengths, label_lengths = batch
        logits = self(feats, lengths)
        loss = self.ctc(logits.log_softmax(-1), labels, lengths, label_lengths)
        peak = feats.abs().max().item()  # expect: GPU201 "Lightning training_step"
        self.log("peak", peak)
        return {"loss": loss, "lengths": lengths}

    def training_step_end(self, outputs):
        longest = int(outputs["lengths"].max())  # expect: GPU201 "Lightning's training_step_end hook"
        self.log("longest", longest)
        return outputs["loss"]

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


class Probe(PlainBase):
    def training_step(self, batch):
        return batch.sum().item()  # ok: not a LightningModule, and nothing calls it in a loop
