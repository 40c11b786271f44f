from torch.utils.data import DataLoader


def streamed_loaders(cfg):
    return DataLoader(cfg["train_set"], batch_size=128, num_workers=8, pin_memory=True)  # expect: GPU105 "train_streamed.py"
