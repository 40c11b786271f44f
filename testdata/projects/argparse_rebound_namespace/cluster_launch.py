"""Submits pretrain.main as a cluster job: the job's parser takes every
option of the script's parser (parents=) and adds its own."""
import argparse

import pretrain


def job_options():
    parser = argparse.ArgumentParser("cluster job", parents=[pretrain.build_parser()])
    parser.add_argument("--nodes", default=4, type=int)
    return parser.parse_args()


class Job:
    def __init__(self, opts):
        self.opts = opts

    def __call__(self):
        pretrain.main(self.opts)


if __name__ == "__main__":
    Job(job_options())()
