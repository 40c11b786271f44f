"""Submits the pretraining to a cluster: the options are the script's (its
parser is this one's parent) plus the scheduler's own."""
import argparse

import submitit

import pretrain as trainer


def parse_args():
    trainer_parser = trainer.get_args_parser()
    parser = argparse.ArgumentParser("Submitit for pretrain", parents=[trainer_parser])
    parser.add_argument("--ngpus", default=8, type=int)
    parser.add_argument("--nodes", default=2, type=int)
    return parser.parse_args()


class Trainer:
    def __init__(self, args):
        self.args = args

    def __call__(self):
        import pretrain as trainer

        trainer.main(self.args)


def main():
    args = parse_args()
    executor = submitit.AutoExecutor(folder="jobs")
    executor.update_parameters(gpus_per_node=args.ngpus, nodes=args.nodes)
    executor.submit(Trainer(args))


if __name__ == "__main__":
    main()
