"""Options of the trainer, and a merge of a TOML file into the namespace the
parser returned: any option the file names may change, so after the merge the
values are unknown."""
import argparse
import os

import tomllib


def add_regularizer_options(parser):
    parser.add_argument("--mixup_alpha", type=float, default=None)
    parser.add_argument("--drop_tokens", type=int, default=0)
    parser.add_argument("--clip_every", type=int, default=4)
    parser.add_argument("--probe_every", type=int, required=True)


def merged_with_file(args, parser):
    if not args.settings_file or not os.path.exists(args.settings_file):
        return args
    with open(args.settings_file, "rb") as f:
        table = tomllib.load(f)
    values = vars(args).copy()
    for section in table.values():
        values.update(section)
    return argparse.Namespace(**values)
