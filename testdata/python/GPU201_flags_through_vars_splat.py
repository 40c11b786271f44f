# A detector's command-line entry point hands every parsed option to its
# worker as keywords: `run(**vars(opt))`. Each parameter of run() is then the
# option of the same name, so a flag that is off by default (`--save-txt`)
# keeps its branch cold, and an interval that resolves to 1 (`--log-every`)
# makes a guarded sync run on every batch.
import argparse

import torch


def count_hits(mask):
    return mask.int().cpu().numpy().sum()  # ok: GPU201 (called only under --save-txt, off by default)


@torch.no_grad()
def run(weights="net.pt", source="frames.pt", save_txt=False, log_every=10):
    device = torch.device("cuda")
    net = torch.nn.Conv2d(3, 1, 3).to(device).eval()
    net.load_state_dict(torch.load(weights))
    loader = torch.utils.data.DataLoader(torch.load(source), batch_size=8, num_workers=4, pin_memory=True)
    hits = []
    for i, batch in enumerate(loader):
        mask = net(batch.to(device, non_blocking=True)) > 0.5
        if save_txt:
            hits.append(count_hits(mask))
        if i % log_every == 0:
            print(i, mask.sum().item())  # expect: GPU201 "log_every"
    return hits


def parse_opt():
    parser = argparse.ArgumentParser()
    parser.add_argument("--weights", default="net.pt")
    parser.add_argument("--source", default="frames.pt")
    parser.add_argument("--save-txt", action="store_true")
    parser.add_argument("--log-every", type=int, default=1)
    return parser.parse_args()


def main(opt):
    run(**vars(opt))


if __name__ == "__main__":
    main(parse_opt())
