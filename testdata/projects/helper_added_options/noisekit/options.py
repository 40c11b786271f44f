import argparse


def add_noise_options(parser: argparse.ArgumentParser):
    parser.add_argument("--pyramid_levels", type=int, default=None, help="opt-in multi-scale noise")
    parser.add_argument("--jitter_scale", type=float, default=0.1, help="on unless set to 0")
