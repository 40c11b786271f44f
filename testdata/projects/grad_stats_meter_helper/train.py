# gradient_stats() (another module) reads every gradient norm and queues
# nothing after its reads (its meter adds host numbers): the reads right
# after its call find the GPU idle and join its finding, one pattern with one
# fix; a read after the optimizer step queued new work is a wait of its own.
import torch
from torch import nn

from meters import gradient_stats

device = torch.device("cuda")


def train(encoder, opt, batches):
    for x in batches:
        loss = encoder(x.to(device, non_blocking=True)).square().mean()
        loss.backward()
        total = nn.utils.clip_grad_norm_(encoder.parameters(), 1.0)
        stats = gradient_stats(encoder.named_parameters())  # expect: GPU201 "gradient_stats(encoder.named_parameters())"
        stats.global_norm = float(total)  # ok: GPU201 (joins the finding above)
        again = gradient_stats(encoder.named_parameters())  # ok: GPU201 (joins the finding above)
        opt.step()
        opt.zero_grad(set_to_none=True)
        last = float(loss)  # expect: GPU201 "float(loss)"
        print(stats.total, again.total, last)


if __name__ == "__main__":
    net = nn.Linear(8, 8).to(device)
    train(net, torch.optim.SGD(net.parameters(), lr=0.1), [torch.randn(4, 8) for _ in range(100)])
