"""GPU204 fixture: training batch sizes too small to keep the GPU busy."""
import argparse
import os
from dataclasses import dataclass

import pytorch_lightning as pl
import tensorflow as tf
import torch
import torch.nn.functional as F
from tensorflow import keras
from torch.utils.data import DataLoader, DistributedSampler, SequentialSampler
from transformers import AutoModelForSequenceClassification, TrainingArguments

BATCH_SIZE = 4
TF_BATCH = 2
EVAL_BATCH = 1

parser = argparse.ArgumentParser(description="train a classifier")
parser.add_argument("--batch-size", type=int, default=2)
parser.add_argument("--eval-batch-size", type=int, default=1)
parser.add_argument("--large-batch-size", type=int, default=256)
parser.add_argument("--epochs", type=int, default=20)
parser.add_argument("--lr", type=float, default=1e-3)
parser.add_argument("--grad-accum", type=int, default=1)  # ok: GPU204 (accumulation of 1 keeps findings warnings)
args = parser.parse_args()

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


@dataclass
class TrainConfig:
    batch_size: int = 4
    eval_batch_size: int = 2
    lr: float = 3e-4


def train_epoch(model, loader, optimizer):
    model.train()
    for images, labels in loader:
        images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        loss = F.cross_entropy(model(images), labels)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct = torch.zeros((), device=device)
    for images, labels in loader:
        images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        correct += (model(images).argmax(dim=1) == labels).sum()
    return correct / len(loader.dataset)


def build_loaders(train_set, val_set, test_set):
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True,  # expect: GPU204 "`args.batch_size` resolves to 2: argparse default of --batch-size"
                              num_workers=4, pin_memory=True, persistent_workers=True)
    val_loader = DataLoader(val_set, batch_size=args.eval_batch_size, num_workers=4,  # ok: GPU204 (evaluation loader)
                            pin_memory=True, persistent_workers=True)
    test_loader = DataLoader(test_set, batch_size=EVAL_BATCH, shuffle=False, num_workers=4,  # ok: GPU204
                             pin_memory=True, persistent_workers=True)
    return train_loader, val_loader, test_loader


def more_training_loaders(train_set, sampler_set, cfg: TrainConfig):
    unbatched = DataLoader(train_set, shuffle=True, num_workers=4,  # expect: GPU204 "batch_size is omitted"
                           pin_memory=True, persistent_workers=True)
    positional = DataLoader(train_set, 4, True, num_workers=4, pin_memory=True,  # expect: GPU204 "batch_size=4"
                            persistent_workers=True)
    distributed = DataLoader(sampler_set, batch_size=TrainConfig().batch_size,  # expect: GPU204 "field default batch_size"
                             sampler=DistributedSampler(sampler_set), num_workers=4, pin_memory=True,
                             persistent_workers=True)
    large = DataLoader(train_set, batch_size=args.large_batch_size, shuffle=True, num_workers=4,  # ok: GPU204
                       pin_memory=True, persistent_workers=True)
    just_enough = DataLoader(train_set, batch_size=8, shuffle=True, num_workers=4,  # ok: GPU204 (at the threshold)
                             pin_memory=True, persistent_workers=True)
    from_env = DataLoader(train_set, batch_size=int(os.environ.get("BATCH_SIZE", "2")), shuffle=True,  # ok: GPU204 (unknown)
                          num_workers=4, pin_memory=True, persistent_workers=True)
    from_param = DataLoader(train_set, batch_size=cfg.batch_size, shuffle=True, num_workers=4,  # ok: GPU204 (unknown)
                            pin_memory=True, persistent_workers=True)
    return unbatched, positional, distributed, large, just_enough, from_env, from_param


def pre_batched_loaders(token_stream, train_set, bucket_sampler, loader_kwargs):
    # The stream yields packed batches itself: batching is off.
    packed = DataLoader(token_stream, batch_size=None, num_workers=4, pin_memory=True)  # ok: GPU204
    bucketed = DataLoader(train_set, batch_sampler=bucket_sampler, num_workers=4, pin_memory=True)  # ok: GPU204
    hidden = DataLoader(train_set, **loader_kwargs)  # ok: GPU204 (**kwargs may carry the batch size)
    ordered = DataLoader(train_set, batch_size=2, sampler=SequentialSampler(train_set), num_workers=4,  # ok: GPU204
                         pin_memory=True)
    return packed, bucketed, hidden, ordered


def paired_loaders(train_set, val_set):
    train_dl, eval_dl = (
        DataLoader(train_set, batch_size=2, shuffle=True, num_workers=4, pin_memory=True,  # expect: GPU204
                   persistent_workers=True),
        DataLoader(val_set, batch_size=1, num_workers=4, pin_memory=True,  # ok: GPU204 (the evaluation half)
                   persistent_workers=True),
    )
    return train_dl, eval_dl


def fit_plain(model, dataset, optimizer):
    loader = DataLoader(dataset, batch_size=BATCH_SIZE, num_workers=4, pin_memory=True,  # expect: GPU204 "module constant BATCH_SIZE = 4"
                        persistent_workers=True)
    for epoch in range(args.epochs):
        for images, labels in loader:
            images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
            loss = F.cross_entropy(model(images), labels)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()


@torch.no_grad()
def predict(model, dataset):
    loader = DataLoader(dataset, batch_size=1, num_workers=4, pin_memory=True)  # ok: GPU204 (inference)
    return [model(x.to(device, non_blocking=True)) for x in loader]


def inspect_samples(dataset):
    preview = DataLoader(dataset, batch_size=2, shuffle=False, num_workers=2)  # ok: GPU204 (ordered, not for training)
    return next(iter(preview))


class LitDataModule(pl.LightningDataModule):
    def __init__(self, train_ds, val_ds, batch_size):
        super().__init__()
        self.train_ds, self.val_ds = train_ds, val_ds
        self.batch_size = batch_size

    def train_dataloader(self):
        return DataLoader(self.train_ds, batch_size=self.batch_size, shuffle=True, num_workers=4,  # ok: GPU204 (unknown)
                          pin_memory=True, persistent_workers=True)

    def val_dataloader(self):
        return DataLoader(self.val_ds, batch_size=2, num_workers=4, pin_memory=True,  # ok: GPU204 (validation)
                          persistent_workers=True)


def lightning_fit(model, train_ds, holdout):
    trainer = pl.Trainer(max_epochs=args.epochs, accelerator="gpu", devices=1)
    trainer.fit(
        model,
        train_dataloaders=DataLoader(train_ds, batch_size=2, shuffle=True, num_workers=4,  # expect: GPU204
                                     pin_memory=True, persistent_workers=True),
        val_dataloaders=DataLoader(holdout, batch_size=1, num_workers=4, pin_memory=True,  # ok: GPU204 (validation)
                                   persistent_workers=True),
    )


def keras_training(x_train, y_train, x_val, y_val):
    train_ds = (
        tf.data.Dataset.from_tensor_slices((x_train, y_train))
        .shuffle(10_000)
        .batch(TF_BATCH)  # expect: GPU204 "tf.data"
        .prefetch(tf.data.AUTOTUNE)
    )
    val_ds = tf.data.Dataset.from_tensor_slices((x_val, y_val)).batch(2).prefetch(tf.data.AUTOTUNE)  # ok: GPU204
    big_ds = tf.data.Dataset.from_tensor_slices((x_train, y_train)).shuffle(10_000).batch(128).prefetch(  # ok: GPU204
        tf.data.AUTOTUNE)
    model = keras.Sequential([keras.layers.Flatten(), keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    model.fit(train_ds, validation_data=val_ds, epochs=args.epochs)
    model.fit(big_ds, epochs=args.epochs)
    model.fit(x_train, y_train, batch_size=2, epochs=args.epochs)  # expect: GPU204 "fit()"
    model.fit(x_train, y_train, batch_size=64, epochs=args.epochs, validation_split=0.1)  # ok: GPU204
    model.evaluate(x_val, y_val, batch_size=1)  # ok: GPU204 (evaluation)
    return model.predict(x_val, batch_size=1)  # ok: GPU204 (inference)


def hf_arguments(out_dir):
    small = TrainingArguments(output_dir=out_dir, per_device_train_batch_size=4,  # expect: GPU204 "per_device_train_batch_size=4"
                              dataloader_num_workers=4)
    defaults = TrainingArguments(output_dir=out_dir, dataloader_num_workers=4)  # ok: GPU204 (default 8)
    eval_only_small = TrainingArguments(output_dir=out_dir, per_device_train_batch_size=16,  # ok: GPU204
                                        per_device_eval_batch_size=1, dataloader_num_workers=4)
    return small, defaults, eval_only_small


def main(train_set, val_set, test_set):
    model = AutoModelForSequenceClassification.from_pretrained("bert-base-uncased").to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    train_loader, val_loader, test_loader = build_loaders(train_set, val_set, test_set)
    for epoch in range(args.epochs):
        train_epoch(model, train_loader, optimizer)
        evaluate(model, val_loader)
    return evaluate(model, test_loader)


if __name__ == "__main__":
    main(*torch.load("splits.pt"))
