# A yacs defaults tree: every run starts from these values, then merges the
# YAML named by --cfg (configs/*.yaml) and the --opts pairs.
from yacs.config import CfgNode as CN

_C = CN()

_C.DATA = CN()
_C.DATA.ROOT = "/data/images"
_C.DATA.BATCH_SIZE = 64
# Workers of the training loader: no config changes them.
_C.DATA.NUM_WORKERS = 8
# Workers of the validation loader: configs/debug.yaml sets 0.
_C.DATA.VAL_WORKERS = 4
_C.DATA.PERSISTENT = True
# configs/cluster.yaml sets this from the environment.
_C.DATA.SHARD_WORKERS = 2

# Plugins add their own keys; none has a default here.
_C.PLUGIN = CN(new_allowed=True)

_C.TRAIN = CN()
_C.TRAIN.START_EPOCH = 0
_C.TRAIN.EPOCHS = 100
_C.TRAIN.LR = 0.1

_C.PRINT_FREQ = 10
# A top-level key: read through the config get_config() returns.
_C.EVAL_WORKERS = 2


def get_config(args):
    config = _C.clone()
    config.defrost()
    config.merge_from_file(args.cfg)
    if args.opts:
        config.merge_from_list(args.opts)
    if args.batch_size:
        config.DATA.BATCH_SIZE = args.batch_size
    config.freeze()
    return config
