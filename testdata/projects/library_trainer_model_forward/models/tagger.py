# Token taggers whose forward no loop of the project calls: Hugging Face's
# Trainer runs it on every step of its own loop when train.py hands it one.
from torch import nn


class TokenTagger(nn.Module):
    def __init__(self, encoder, n_labels):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Linear(768, n_labels)
        self.last_accuracy = 0.0

    def forward(self, input_ids, attention_mask=None, labels=None):
        hidden = self.encoder(input_ids, attention_mask=attention_mask).last_hidden_state
        logits = self.head(hidden)
        loss = None
        if labels is not None:
            loss = nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), labels.view(-1))
            self.last_accuracy = (logits.argmax(-1) == labels).float().mean().item()  # expect: GPU201 "Hugging Face Trainer's training loop"
        return {"loss": loss, "logits": logits}


class CrfTagger(TokenTagger):
    """Inherits TokenTagger's forward: handed to a Trainer by tune.py."""


class ProbeTagger(nn.Module):
    def __init__(self, n_labels):
        super().__init__()
        self.head = nn.Linear(768, n_labels)

    def forward(self, hidden):
        logits = self.head(hidden)
        print("probe mean", logits.mean().item())  # ok: GPU201 (its trainer is only built and returned; nothing trains it here)
        return logits
