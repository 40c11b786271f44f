"""Helpers the entry scripts share: options are declared from dicts of defaults."""


def str2bool(v):
    return v if isinstance(v, bool) else v.lower() in ("1", "true", "yes")


def add_dict_to_parser(parser, defaults):
    for key, val in defaults.items():
        kind = str2bool if isinstance(val, bool) else type(val)
        parser.add_argument(f"--{key}", default=val, type=kind)


def model_defaults():
    return dict(channels=64, use_checkpoint=False)
