# The run's defaults; a YAML named by --cfg is merged over them.
from yacs.config import CfgNode as CN

_C = CN()
_C.SOLVER = CN()
_C.SOLVER.LR = 0.05
_C.SOLVER.EPOCHS = 90
# Gradient clipping: on by default; both shipped configs keep it on.
_C.SOLVER.CLIP_NORM = 5.0
# The hand-computed norm log: off unless a config turns it on.
_C.SOLVER.TRACK_NORM = 0
_C.LOADER = CN()
_C.LOADER.WORKERS = 6


def load_config(path):
    cfg = _C.clone()
    cfg.merge_from_file(path)
    cfg.freeze()
    return cfg
