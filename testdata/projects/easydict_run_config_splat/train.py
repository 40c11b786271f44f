"""Builds the run config as an EasyDict, key by key, and hands it to the loop."""
import argparse

from loop import run
from util import EasyDict


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--fast", action="store_true")
    parser.add_argument("--resume", default=None)
    opts = parser.parse_args()
    c = EasyDict()
    c.dataset = None
    c.loader_kwargs = EasyDict(pin_memory=True, num_workers=opts.workers, persistent_workers=True)
    c.update(batch=64, steps=10000)
    if opts.fast:
        c.probe_kwargs = EasyDict(pin_memory=True, num_workers=2)
    if opts.resume:
        c.resume = opts.resume
    run(**c)


if __name__ == "__main__":
    main()
