"""CPU-only and imported by no file here, but its function builds a loader
for whoever imports it (a trainer outside the analysed files): kept."""
from torch.utils.data import DataLoader


def make_train_loader(dataset, batch_size=64):
    return DataLoader(dataset, batch_size=batch_size, shuffle=True)  # expect: GPU101
