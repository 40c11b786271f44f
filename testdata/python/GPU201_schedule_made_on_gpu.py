# A decoding loop over a schedule made on the GPU (`torch.linspace(...,
# device=device)`) that reads each step's value back to size its work: the
# numbers are known on the host, so the advice is to build the schedule
# there. A read of the model's output keeps the usual advice.
import math

import torch

device = torch.device("cuda")


@torch.no_grad()
def decode(net, tokens, steps=8):
    net.eval()
    for t in torch.linspace(0, 1, steps, device=device):
        ratio = torch.cos(t * math.pi * 0.5)
        keep = max(int((ratio * tokens.shape[1]).item()), 1)  # expect: GPU201 "build it on the host"
        masked = torch.nn.functional.pad(tokens[:, :keep], (0, tokens.shape[1] - keep))
        scores = net(masked.float())
        worst = scores.argmin().item()  # expect: GPU201 "collect the tensors on the GPU"
        tokens = tokens + worst
    return tokens


if __name__ == "__main__":
    model = torch.nn.Linear(16, 16).to(device)
    print(decode(model, torch.ones(2, 16, device=device)).shape)
