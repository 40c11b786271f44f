"""The framework's own package, analysed as part of its repository."""
from lightning.pytorch.core.module import LightningModule

__all__ = ["LightningModule"]
