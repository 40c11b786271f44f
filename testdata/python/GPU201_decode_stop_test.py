# A decoding loop runs one forward pass per generated position. Its test for
# the end of every sequence reads the host and breaks out: that read is the
# loop's stop test, not a per-batch stall (collecting it for later would
# decode every position). Other reads in the same loop, and the stop test of a
# training loop, are still per-step syncs.
import torch
import torch.nn as nn


class Captioner(nn.Module):
    def __init__(self, vocab, width, eos, max_len):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.head = nn.Linear(width, vocab)
        self.eos = eos
        self.max_len = max_len
        self.register_buffer("bos", torch.zeros(1, 1, dtype=torch.long))

    def greedy(self, prompt):
        with torch.no_grad():
            seq = self.bos.repeat(prompt.shape[0], 1)
            for pos in range(1, self.max_len):
                logits = self.head(self.embed(seq[:, :pos]).mean(1))
                token = logits.argmax(-1, keepdim=True)
                seq = torch.cat([seq, token], 1)
                if (seq == self.eos).any(1).all().item():  # ok: GPU201
                    break
        return seq

    def greedy_flagged(self, prompt):
        picked = []
        with torch.no_grad():
            seq = self.bos.repeat(prompt.shape[0], 1)
            for pos in range(1, self.max_len):
                logits = self.head(self.embed(seq[:, :pos]).mean(1))
                seq = torch.cat([seq, logits.argmax(-1, keepdim=True)], 1)
                picked.append(seq[0, -1].item())  # expect: GPU201 "to the host on every batch of the evaluation loop"
                finished = (seq == self.eos).any(1).all().item()  # ok: GPU201
                if finished:
                    break
        return seq, picked


class BeamCaptioner(Captioner):
    def _scores(self, prefix):
        return self.head(self.embed(prefix).mean(1)).log_softmax(-1)

    def beam(self, prompt):
        with torch.no_grad():
            seq = self.bos.repeat(prompt.shape[0], 1)
            for pos in range(1, self.max_len):
                scores = self._scores(seq[:, :pos])
                seq = torch.cat([seq, scores.argmax(-1, keepdim=True)], 1)
                ended = (seq == self.eos).any(1)
                if ended.sum().item() == seq.shape[0]:  # ok: GPU201
                    break
        return seq


def fit(model, batches, opt, dev, max_steps):
    for step in range(max_steps):
        x, y = next(batches)
        loss = nn.functional.cross_entropy(model(x.to(dev, non_blocking=True)), y.to(dev, non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if loss.item() < 1e-3:  # expect: GPU201 "copies the GPU tensor `loss` to the host"
            break


def main():
    dev = torch.device("cuda")
    cap = Captioner(100, 32, 2, 40).to(dev)
    beams = BeamCaptioner(100, 32, 2, 40).to(dev)
    prompts = [torch.randint(0, 100, (4, 3)) for _ in range(16)]
    captions = []
    for prompt in prompts:
        captions.append(cap.greedy(prompt.to(dev)))
        captions.append(cap.greedy_flagged(prompt.to(dev)))
        captions.append(beams.beam(prompt.to(dev)))
    return captions


if __name__ == "__main__":
    main()
