"""Takes the parser a helper builds and parses it itself."""
import torch

from cli.options import build_parser


def main():
    parser = build_parser()
    args = parser.parse_args()
    model = torch.nn.Linear(16, 1).cuda()
    optim = torch.optim.Adam(model.parameters())
    data = torch.utils.data.DataLoader(
        torch.randn(2048, 16), batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True
    )
    for step, x in enumerate(data):
        loss = model(x.cuda(non_blocking=True)).pow(2).mean()
        optim.zero_grad()
        loss.backward()
        optim.step()
        if args.schedule == "step":
            print("decay at", step)  # ok: GPU206 (the default schedule is cosine)
        if args.schedule == "cosine":
            print("cosine", step)  # expect: GPU206 "logs on every step"


if __name__ == "__main__":
    main()
