"""A batch dataclass moved to the GPU as a whole: its tensor fields go to
the device, its string and integer fields stay Python values."""
from dataclasses import dataclass
from typing import List, Optional

import torch


@dataclass
class VideoBatch:
    frames: torch.Tensor
    masks: torch.Tensor
    dict_key: str
    frame_ids: List[int]
    source: Optional[str] = None

    def to(self, device, non_blocking=False):
        return VideoBatch(
            self.frames.to(device, non_blocking=non_blocking),
            self.masks.to(device, non_blocking=non_blocking),
            self.dict_key,
            self.frame_ids,
            self.source,
        )


def collate(items):
    return VideoBatch(
        torch.stack([i["frames"] for i in items]),
        torch.stack([i["masks"] for i in items]),
        items[0]["key"],
        [i["id"] for i in items],
    )


def make_loader(dataset, batch_size):
    return torch.utils.data.DataLoader(
        dataset, batch_size=batch_size, num_workers=8, pin_memory=True, persistent_workers=True, collate_fn=collate  # expect: GPU103 "builds them around `VideoBatch`"
    )
