from yacs.config import CfgNode as Node

_BASE = Node()
_BASE.LOADER_THREADS = 6
_BASE.PIN = False
_BASE.OPTIM = Node()
_BASE.OPTIM.EPOCHS = 90
_BASE.OPTIM.BATCH = 32

