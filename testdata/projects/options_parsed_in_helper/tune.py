import torch

from cli.options import read_options


def main():
    opts = read_options()
    model = torch.nn.Linear(opts.width, 1).cuda()
    optim = torch.optim.Adam(model.parameters())
    data = torch.utils.data.DataLoader(
        torch.randn(2048, opts.width), batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True
    )
    for step, x in enumerate(data):
        loss = model(x.cuda(non_blocking=True)).pow(2).mean()
        optim.zero_grad()
        loss.backward()
        optim.step()
        if opts.logger == "console":
            print("step", step)  # ok: GPU206 (the default logger is tensorboard)
        if opts.logger == "tensorboard":
            print("logged", step)  # ok: GPU206 (jobs/tune.sh passes --logger none)
main()
