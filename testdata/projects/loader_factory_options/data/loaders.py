"""Loader factories that read their sizes from the options object the
training script parses. This module alone never trains: whether a loader
feeds training is decided by the loop that iterates it."""
import torch.utils.data


def make_train_loader(opt, dataset):
    return torch.utils.data.DataLoader(
        dataset,
        batch_size=opt.batch_size,  # expect: GPU204 "argparse default of --batch_size"
        shuffle=not opt.serial_batches,
        num_workers=opt.workers,
        pin_memory=True,
        persistent_workers=True,
    )


def make_preview_loader(opt, dataset):
    # The preview loop runs on each epoch: its workers restart every time.
    # ok: GPU204 (iterated only by the preview loop, which does not train)
    return torch.utils.data.DataLoader(dataset, batch_size=opt.preview_batch, num_workers=opt.workers, pin_memory=True)  # expect: GPU105 "each of the 200 epochs"
