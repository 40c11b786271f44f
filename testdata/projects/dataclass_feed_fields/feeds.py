"""Data modules as dataclasses: the loader methods read their settings from
fields, whose values are what the project's constructions give them."""
from dataclasses import dataclass

from torch.utils.data import DataLoader


@dataclass
class TokenFeed:
    workers: int = 0
    batch: int = 32

    def train_loader(self, dataset):
        return DataLoader(dataset, batch_size=self.batch, shuffle=True, num_workers=self.workers, pin_memory=True)  # expect: GPU101 "field default workers"


@dataclass
class ImageFeed:
    workers: int = 0

    def train_loader(self, dataset):
        return DataLoader(dataset, batch_size=64, shuffle=True, num_workers=self.workers, pin_memory=True)  # ok: GPU101 (the two constructions disagree)


@dataclass
class AudioFeed:
    workers: int = 0

    def train_loader(self, dataset):
        return DataLoader(dataset, batch_size=16, shuffle=True, num_workers=self.workers, pin_memory=True)  # ok: GPU101 (a subclass may set its own)


@dataclass
class NoisyAudioFeed(AudioFeed):
    workers: int = 8


@dataclass
class VideoFeed:
    workers: int = 0

    def train_loader(self, dataset):
        return DataLoader(dataset, batch_size=64, shuffle=True, num_workers=self.workers, pin_memory=True)  # ok: GPU101 (train.py sets workers on the object)
