from .engine import train_one_epoch

__all__ = ["train_one_epoch"]
