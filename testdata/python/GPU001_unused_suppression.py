"""GPU001: suppressions that suppress nothing (the fixture runs with --report-unused-suppressions)."""
import torch
from torch.utils.data import DataLoader

# The loader has workers: there is no GPU101 here to suppress.
# expect-next: GPU001 "no GPU101 finding on this line"
fast = DataLoader(range(8), batch_size=64, num_workers=4, persistent_workers=True)  # gpulint: disable=GPU101

# Used: this loader has no workers, and the comment hides that finding.
slow = DataLoader(load_images("train"), batch_size=64)  # gpulint: disable=GPU101  # ok: GPU001

# A bare noqa may be another tool's: never judged.
x = 1  # noqa  # ok: GPU001

# Alone on its line it covers the next code line; nothing fires there either.
# expect-next: GPU001 "or line 18"
# gpulint: disable=GPU204
y = 2
