"""Entry script: the flag that picks the multi-GPU wrapper is store_true, so
a run that does not pass it never builds the wrapper: the finding says so."""
import argparse

from torch import nn

from experiments.base import Experiment

parser = argparse.ArgumentParser("forecasting")
parser.add_argument("--use_gpu", action="store_true", default=True)
parser.add_argument("--spread_over_gpus", action="store_true", default=False)
args = parser.parse_args()



def probe_model():
    net = nn.Linear(96, 1)
    if args.spread_over_gpus:
        net = nn.DataParallel(net)  # expect: GPU207 "only to runs that turn on `args.spread_over_gpus` (line 18)"
    return net.cuda()


if __name__ == "__main__":
    exp = Experiment(args)
    exp.build_for_eval()
    probe_model()
