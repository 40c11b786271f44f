"""A trainer two classes below transformers.Trainer: its compute_loss and
training_step overrides still run on every step of the library's loop."""
import torch

from common import LoggingTrainer, OfflineScorer, peak


class TokenTrainer(LoggingTrainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        outputs = model(**inputs)
        with torch.no_grad():
            agree = (outputs.logits.argmax(-1) == inputs["labels"]).float().mean()
        self.stash("token_acc", agree.item())  # expect: GPU201 "compute_loss"
        return (outputs.loss, outputs) if return_outputs else outputs.loss

    def training_step(self, model, inputs, num_items_in_batch=None):
        self.stash("tokens", inputs["labels"].ne(-100).sum().item())  # expect: GPU201 "training_step"
        return super().training_step(model, inputs, num_items_in_batch)


class CheckpointScorer(OfflineScorer):
    def compute_loss(self, model, batch):
        out = torch.as_tensor(batch, device="cuda").sum()
        return out.item()  # ok: GPU201 (no library loop runs this class per step)


class RolloutTrainer(LoggingTrainer):
    """An online trainer: each step decodes completions with its vLLM engine,
    which reads the host after every token, so a metric read in the loss is
    noise beside that decoding."""

    def rollouts(self, prompts):
        return self.vllm_engine.generate(prompts, self.sampling)

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        outputs = model(**inputs)
        self.stash("reward_mean", inputs["rewards"].mean().item())  # ok: GPU201 (the trainer decodes every step)
        self.stash("logit_peak", peak(outputs.logits))  # ok: GPU201 (the helper's read, beside the decoding)
        return outputs.loss
