import argparse

from train_net import train
from vidnet.config.defaults import get_cfg


def launch_job(cfg, func, *args):
    return func(cfg, *args)


def load_config(path):
    cfg = get_cfg()
    cfg.merge_from_file(path)
    return cfg


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--cfg", dest="cfg_file", required=True)
    args = parser.parse_args()
    launch_job(load_config(args.cfg_file), train)
