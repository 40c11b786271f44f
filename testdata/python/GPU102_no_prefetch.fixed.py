"""GPU102 fixture: input pipelines with nothing that prepares the next batch ahead.

A small two-backend training tool: Keras/tf.data image and text models, and
PyTorch baselines trained from in-memory arrays.
"""
import argparse
import glob
import os

import numpy as np
import tensorflow as tf
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

AUTOTUNE = tf.data.AUTOTUNE
IMG_SIZE = (224, 224)
BATCH_SIZE = 64

parser = argparse.ArgumentParser(description="train baselines")
parser.add_argument("--data-dir", default="/data/flowers")
parser.add_argument("--epochs", type=int, default=10)
parser.add_argument("--batch-size", type=int, default=128)
parser.add_argument("--workers", type=int, default=8)
parser.add_argument("--prefetch-factor", type=int, default=1)
parser.add_argument("--cache", action="store_true")
args = parser.parse_args()


# ---------------------------------------------------------------- tf.data / Keras

def parse_example(record):
    features = tf.io.parse_single_example(record, {"image": tf.io.FixedLenFeature([], tf.string),
                                                   "label": tf.io.FixedLenFeature([], tf.int64)})
    image = tf.io.decode_jpeg(features["image"], channels=3)
    return tf.image.resize(image, IMG_SIZE) / 255.0, features["label"]


def augment(image, label):
    return tf.image.random_flip_left_right(image), label


def make_tfrecord_dataset(pattern, batch_size, training=True):
    files = tf.data.Dataset.list_files(pattern, shuffle=training)
    ds = files.interleave(tf.data.TFRecordDataset, num_parallel_calls=AUTOTUNE)
    ds = ds.map(parse_example, num_parallel_calls=AUTOTUNE)
    if training:
        ds = ds.shuffle(10_000)
    return ds.batch(batch_size, drop_remainder=training).prefetch(tf.data.AUTOTUNE)  # expect: GPU102 "consumed by model.fit()"


def make_prefetched_dataset(pattern, batch_size):
    ds = tf.data.TFRecordDataset(tf.io.gfile.glob(pattern))
    ds = ds.map(parse_example, num_parallel_calls=AUTOTUNE).batch(batch_size)
    return ds.prefetch(AUTOTUNE)  # ok: GPU102


def make_array_datasets(x_train, y_train, x_val, y_val):
    train = tf.data.Dataset.from_tensor_slices((x_train, y_train)).shuffle(50_000).batch(BATCH_SIZE).prefetch(tf.data.AUTOTUNE)  # expect: GPU102
    val = tf.data.Dataset.from_tensor_slices((x_val, y_val)).batch(BATCH_SIZE).prefetch(tf.data.AUTOTUNE)  # expect: GPU102 "validation_data"
    return train, val


def build_classifier(num_classes):
    base = tf.keras.applications.MobileNetV2(input_shape=IMG_SIZE + (3,), include_top=False)
    model = tf.keras.Sequential([base, tf.keras.layers.GlobalAveragePooling2D(),
                                 tf.keras.layers.Dense(num_classes)])
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    return model


def fit_model(model, dataset, epochs):
    return model.fit(dataset, epochs=epochs)


def train_flowers():
    model = build_classifier(5)
    train_ds = make_tfrecord_dataset(os.path.join(args.data_dir, "train-*.tfrecord"), args.batch_size)
    val_ds = make_prefetched_dataset(os.path.join(args.data_dir, "val-*.tfrecord"), args.batch_size)
    model.fit(train_ds, validation_data=val_ds, epochs=args.epochs)

    # A one-off look at a batch is not a training loop.
    for images, labels in train_ds.take(1):  # ok: GPU102
        tf.print(tf.shape(images))


def train_from_directory():
    train_ds = tf.keras.utils.image_dataset_from_directory(  # expect: GPU102
        os.path.join(args.data_dir, "train"), image_size=IMG_SIZE, batch_size=BATCH_SIZE).prefetch(tf.data.AUTOTUNE)
    val_ds = tf.keras.utils.image_dataset_from_directory(
        os.path.join(args.data_dir, "val"), image_size=IMG_SIZE, batch_size=BATCH_SIZE)
    val_ds = val_ds.cache().prefetch(buffer_size=AUTOTUNE)  # ok: GPU102
    model = build_classifier(len(train_ds.class_names))
    model.fit(train_ds, validation_data=val_ds, epochs=args.epochs)


def train_arrays():
    (x_train, y_train), (x_val, y_val) = tf.keras.datasets.cifar10.load_data()
    train, val = make_array_datasets(x_train / 255.0, y_train, x_val / 255.0, y_val)
    model = build_classifier(10)
    model.fit(train, validation_data=val, epochs=args.epochs)

    repeated = (
        tf.data.Dataset.from_tensor_slices((x_train, y_train))
        .batch(BATCH_SIZE)
        .prefetch(AUTOTUNE)
        .repeat()  # ok: GPU102 (the prefetch buffer still ends the pipeline)
    )
    model.fit(repeated, steps_per_epoch=len(x_train) // BATCH_SIZE, epochs=args.epochs)

    augmented = (
        tf.data.Dataset.from_tensor_slices((x_train, y_train))
        .batch(BATCH_SIZE)
        .prefetch(AUTOTUNE)
        .map(augment)  # expect: GPU102
        .prefetch(tf.data.AUTOTUNE)
    )
    fit_model(model, augmented, args.epochs)


@tf.function
def train_step(model, optimizer, loss_fn, x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def train_text(corpus_glob):
    ds = tf.data.TextLineDataset(sorted(glob.glob(corpus_glob)))
    ds = ds.map(lambda line: tf.strings.split(line), num_parallel_calls=AUTOTUNE)
    ds = ds.padded_batch(BATCH_SIZE).prefetch(tf.data.AUTOTUNE)  # expect: GPU102 "iterated by the training step loop"
    model = tf.keras.Sequential([tf.keras.layers.Embedding(30_000, 256), tf.keras.layers.LSTM(256),
                                 tf.keras.layers.Dense(2)])
    optimizer = tf.keras.optimizers.Adam()
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    mean_loss = tf.keras.metrics.Mean()
    for epoch in range(args.epochs):
        for step, (tokens, labels) in enumerate(ds):
            mean_loss.update_state(train_step(model, optimizer, loss_fn, tokens, labels))


# ---------------------------------------------------------------- PyTorch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
device_type = "cuda" if "cuda" in str(device) else "cpu"


def make_loaders(train_set, val_set, opts):
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True, num_workers=4,
                              pin_memory=True, persistent_workers=True,
                              prefetch_factor=1)  # expect: GPU102 "prefetch_factor resolves to 1"
    val_loader = DataLoader(val_set, batch_size=256, num_workers=args.workers, pin_memory=True,
                            persistent_workers=True,
                            prefetch_factor=args.prefetch_factor)  # expect: GPU102 "argparse default of --prefetch-factor"
    deep = DataLoader(train_set, batch_size=args.batch_size, num_workers=4, pin_memory=True,
                      persistent_workers=True, prefetch_factor=4)  # ok: GPU102
    tuned = DataLoader(train_set, batch_size=args.batch_size, num_workers=os.cpu_count(), pin_memory=True,
                       persistent_workers=True, prefetch_factor=1)  # ok: GPU102 (worker count unknown)
    custom = DataLoader(train_set, batch_size=args.batch_size, num_workers=4, pin_memory=True,
                        persistent_workers=True, prefetch_factor=opts.prefetch)  # ok: GPU102 (unknown)
    return train_loader, val_loader, deep, tuned, custom


class MLP(torch.nn.Module):
    def __init__(self, dim, classes):
        super().__init__()
        self.body = torch.nn.Sequential(torch.nn.Linear(dim, 512), torch.nn.ReLU(), torch.nn.Linear(512, classes))

    def forward(self, x):
        return self.body(x)


def train_numpy_baseline():
    X_train = np.load(os.path.join(args.data_dir, "features.npy"))
    y_train = np.load(os.path.join(args.data_dir, "labels.npy"))
    model = MLP(X_train.shape[1], 10).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    bs = args.batch_size
    for epoch in range(args.epochs):
        for i in range(0, len(X_train), bs):
            xb = torch.from_numpy(X_train[i:i + bs]).float().to(device)  # expect: GPU102 "X_train[i:i + bs]"
            yb = torch.from_numpy(y_train[i:i + bs]).long().to(device)
            loss = F.cross_entropy(model(xb), yb)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()


train_tokens = np.memmap(os.path.join(args.data_dir, "train.bin"), dtype=np.uint16, mode="r")
block_size = 256


def get_batch(data, batch_size):
    ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([torch.from_numpy(data[i:i + block_size].astype(np.int64)) for i in ix])
    y = torch.stack([torch.from_numpy(data[i + 1:i + 1 + block_size].astype(np.int64)) for i in ix])
    if device_type == "cuda":
        # Pinned and copied asynchronously: the next batch overlaps with compute.
        x, y = x.pin_memory().to(device, non_blocking=True), y.pin_memory().to(device, non_blocking=True)  # ok: GPU102
    else:
        x, y = x.to(device), y.to(device)  # ok: GPU102 (CPU-only branch)
    return x, y


def get_batch_sync(data, batch_size):
    ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([torch.from_numpy(data[i:i + block_size].astype(np.int64)) for i in ix])
    return x.to(device, non_blocking=True)  # expect: GPU102 "cannot overlap a copy from unpinned memory"


def train_lm(model, max_iters):
    optimizer = torch.optim.AdamW(model.parameters(), lr=6e-4)
    for it in range(max_iters):
        x, y = get_batch(train_tokens, args.batch_size)
        _, loss = model(x, y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


def train_lm_sync(model, max_iters):
    optimizer = torch.optim.AdamW(model.parameters(), lr=6e-4)
    for it in range(max_iters):
        x = get_batch_sync(train_tokens, args.batch_size)
        _, loss = model(x[:, :-1], x[:, 1:])
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


def train_on_gpu_resident_data(features, labels):
    # Moved to the GPU once; slicing it per step copies nothing.
    X = torch.as_tensor(features, device=device)
    Y = torch.as_tensor(labels).to(device)
    model = MLP(X.shape[1], 10).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(1000):
        idx = torch.randint(0, X.shape[0], (512,), device=device)
        xb, yb = X[idx], Y[idx].to(device)  # ok: GPU102 (already on the GPU)
        loss = F.cross_entropy(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()


def train_from_loader(model, features, labels):
    loader = DataLoader(TensorDataset(torch.from_numpy(features), torch.from_numpy(labels)), batch_size=512,
                        shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(args.epochs):
        for xb, yb in loader:
            xb, yb = xb.to(device, non_blocking=True), yb.to(device, non_blocking=True)  # ok: GPU102
            loss = F.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()


class ArrayTrainer:
    """Trains on token ids kept in a Python list, one slice per step."""

    def __init__(self, model, token_ids, batch_size):
        self.model = model
        self.ids = list(token_ids)
        self.batch_size = batch_size
        self.opt = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def fit(self, steps, preview_every=500):
        ids = self.ids
        bs = self.batch_size
        for step in range(steps):
            start = (step * bs) % (len(ids) - bs)
            batch = torch.tensor(ids[start:start + bs], device=device)  # expect: GPU102 "torch.tensor(..., device=...)"
            loss = self.model(batch).mean()
            loss.backward()
            self.opt.step()
            self.opt.zero_grad()
            if step % preview_every == 0:
                preview = torch.tensor(ids[:bs], device=device)  # ok: GPU102 (periodic)
                self.model.generate(preview)


@torch.no_grad()
def evaluate(model, X_val, y_val, bs=1024):
    model.eval()
    correct = torch.zeros((), device=device)
    for i in range(0, len(X_val), bs):
        xb = torch.from_numpy(X_val[i:i + bs]).to(device)  # ok: GPU102 (evaluation, not a training step)
        yb = torch.from_numpy(y_val[i:i + bs]).to(device)
        correct += (model(xb).argmax(1) == yb).sum()
    return correct.item() / len(X_val)


if __name__ == "__main__":
    train_flowers()
    train_from_directory()
    train_arrays()
    train_text(os.path.join(args.data_dir, "*.txt"))
    train_numpy_baseline()


def train_with_anchor_grid():
    X_train = np.load(os.path.join(args.data_dir, "features.npy"))
    grid = np.load(os.path.join(args.data_dir, "anchors.npy"))
    model = MLP(X_train.shape[1], 10).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    X_gpu = torch.from_numpy(X_train).to(device)
    for epoch in range(args.epochs):
        for i in range(0, len(X_gpu), args.batch_size):
            # The whole grid with a new leading axis, not a batch cut out of it.
            prior = torch.from_numpy(grid)[None].float().to(device)  # ok: GPU102 (new axes only)
            loss = F.mse_loss(model(X_gpu[i:i + args.batch_size]), prior.expand(len(X_gpu[i:i + args.batch_size]), -1))
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
