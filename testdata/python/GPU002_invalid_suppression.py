"""GPU002: a gpulint comment that cannot be read suppresses nothing, and says so."""
import torch
from torch.utils.data import DataLoader

# Missing '=': the GPU101 it meant to hide is still reported.
# expect-next: GPU002 "expected '='", GPU101
slow = DataLoader(load_images("train"), batch_size=64)  # gpulint: disable GPU101

# The letter O instead of a zero.
# expect-next: GPU002 "GPU2O1"
value = torch.ones(1).sum()  # gpulint: disable=GPU2O1

# Valid directives and other tools' codes are not GPU002's business.
fast = DataLoader(range(8), batch_size=64, num_workers=4, persistent_workers=True)  # noqa: E501  # ok: GPU002
again = DataLoader(range(8), batch_size=64)  # gpulint: disable=GPU101  # ok: GPU002
