"""The package's command line: jsonargparse runs the command named on it with
each entry's keyword defaults as the defaults of its options."""
from jsonargparse import CLI

from recipes.sft import setup as sft_fn
from recipes.pretrain import setup as pretrain_fn

COMMANDS = {
    "sft": sft_fn,
    "pretrain": pretrain_fn,
}


def main():
    CLI(COMMANDS)


if __name__ == "__main__":
    main()
