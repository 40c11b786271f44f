# The decoder is built fresh or restored from a checkpoint the script saved
# (`checkpoint["decoder"]`): either way it is a Decoder, whose forward reads
# the lengths on the host on every step. A name restored from a checkpoint
# alone, with no class built beside it, stays unknown.
import torch

from models import Decoder

checkpoint = None
device = torch.device("cuda")


def main(loader, vocab):
    if checkpoint is None:
        decoder = Decoder(vocab).to(device)
    else:
        state = torch.load(checkpoint)
        decoder = state["decoder"]
    opt = torch.optim.Adam(decoder.parameters())
    for caps, lengths in loader:
        caps, lengths = caps.to(device, non_blocking=True), lengths.to(device, non_blocking=True)
        scores = decoder(caps, lengths)  # expect: GPU201 "forward() runs `(lengths - 1).tolist()`"
        loss = scores.logsumexp(-1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def resume_only(loader, path):
    state = torch.load(path)
    decoder = state["decoder"]
    opt = torch.optim.Adam(decoder.parameters())
    for caps, lengths in loader:
        caps, lengths = caps.to(device, non_blocking=True), lengths.to(device, non_blocking=True)
        scores = decoder(caps, lengths)  # ok: GPU201 (what the checkpoint holds is unknown)
        loss = scores.logsumexp(-1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
