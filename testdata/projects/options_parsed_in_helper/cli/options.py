"""The command line of both entry scripts, parsed here: the scripts only
read the namespace this returns."""
import argparse


def read_options():
    parser = argparse.ArgumentParser()
    parser.add_argument("--logger", default="tensorboard", choices=["tensorboard", "console", "none"])
    parser.add_argument("--width", type=int, default=16)
    return parser.parse_args()


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--schedule", default="cosine", choices=["cosine", "step"])
    return parser
