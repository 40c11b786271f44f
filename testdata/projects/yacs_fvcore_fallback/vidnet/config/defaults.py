"""fvcore defaults: the tree every config YAML is merged into."""
from fvcore.common.config import CfgNode

_C = CfgNode()

_C.TRAIN = CfgNode()
_C.TRAIN.BATCH_SIZE = 32

_C.SOLVER = CfgNode()
_C.SOLVER.MAX_EPOCH = 196

_C.DATA_LOADER = CfgNode()
_C.DATA_LOADER.NUM_WORKERS = 6
_C.DATA_LOADER.PIN_MEMORY = True

# A top-level key: too plain a name for the fallback of loader.py.
_C.WORKERS = 3


def get_cfg():
    return _C.clone()
