"""An experiment class of another module: it reads the namespace the entry
script parsed through self.args, so the options' defaults are in run.py."""
import torch
from torch import nn


class Experiment:
    def __init__(self, args):
        self.args = args
        self.device = torch.device("cuda")
        self.model = self.build().to(self.device)

    def build(self):
        net = nn.Sequential(nn.Linear(96, 256), nn.GELU(), nn.Linear(256, 96))
        if self.args.spread_over_gpus and self.args.use_gpu:
            net = nn.DataParallel(net, device_ids=[0, 1])  # expect: GPU207 "only to runs that turn on `self.args.spread_over_gpus and self.args.use_gpu`"
        return net

    def build_for_eval(self):
        net = nn.Linear(96, 96)
        if self.args.use_gpu:
            net = nn.DataParallel(net)  # expect: GPU207 "one Python process"
        return net
