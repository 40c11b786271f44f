"""GPU202 fixture: evaluation passes that run on every training step."""
import argparse

import pytorch_lightning as pl
import tensorflow as tf
import torch
import torch.nn.functional as F
from tensorflow import keras
from torch.utils.data import DataLoader
from tqdm import tqdm
from transformers import IntervalStrategy, TrainingArguments

import wandb
from engine import run_validation

EVAL_INTERVAL = 5
LOG_EVERY = 200
eval_iters = 20
eval_interval = 1  # nanoGPT-style config block

parser = argparse.ArgumentParser(description="train an image classifier")
parser.add_argument("--epochs", type=int, default=10)
parser.add_argument("--lr", type=float, default=3e-4)
parser.add_argument("--eval-every", type=int, default=1)
parser.add_argument("--eval-steps", type=int, default=500)
parser.add_argument("--eval-every-epochs", type=int, default=1)
parser.add_argument("--do-eval", action="store_true")
parser.add_argument("--output-dir", default="runs/cls")
args = parser.parse_args()

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def make_loader(dataset, shuffle):
    return DataLoader(dataset, batch_size=128, shuffle=shuffle, num_workers=4, pin_memory=True,
                      persistent_workers=True)


@torch.no_grad()
def evaluate(model, val_loader):
    model.eval()
    total, correct = 0, torch.zeros((), device=device)
    for images, labels in val_loader:
        images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        correct += (model(images).argmax(dim=1) == labels).sum()
        total += labels.size(0)
    model.train()
    return correct / total


@torch.no_grad()
def validate(model, loader):
    model.eval()
    losses = []
    for images, labels in loader:
        images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        losses.append(F.cross_entropy(model(images), labels))
    model.train()
    return torch.stack(losses).mean()


def log_and_maybe_evaluate(model, val_loader, step, loss):
    if step % LOG_EVERY == 0:  # ok: GPU202 (the logging is periodic, the evaluation below is not)
        wandb.log({"train/loss": loss.detach()}, step=step)
    return evaluate(model, val_loader)  # ok: GPU202 (reported where the step loop calls the helper)


def train_step(model, optimizer, images, labels):
    loss = F.cross_entropy(model(images), labels)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()
    return loss


def train_unguarded(model, train_set, val_set, optimizer):
    train_loader, val_loader = make_loader(train_set, True), make_loader(val_set, False)
    for epoch in range(args.epochs):
        for step, (images, labels) in enumerate(tqdm(train_loader, desc=f"epoch {epoch}")):
            images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
            train_step(model, optimizer, images, labels)
            val_acc = evaluate(model, val_loader)  # expect: GPU202 "on every step of the training step loop"
            if val_loader is not None:
                run_validation(model, val_loader)  # expect: GPU202 "`run_validation()`"
        val_acc = evaluate(model, val_loader)  # ok: GPU202 (once per epoch, after the step loop)
        if (epoch + 1) % args.eval_every_epochs == 0:  # ok: GPU202 (an interval of 1 counted in epochs)
            validate(model, val_loader)
    return val_acc


def train_inline_eval(model, train_loader, val_loader, optimizer):
    for epoch in range(args.epochs):
        model.train()
        for images, labels in train_loader:
            images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
            train_step(model, optimizer, images, labels)
            model.eval()  # expect: GPU202 "the loop over `val_loader`"
            with torch.no_grad():
                val_loss = torch.zeros((), device=device)
                for val_images, val_labels in val_loader:
                    val_images = val_images.to(device, non_blocking=True)
                    val_labels = val_labels.to(device, non_blocking=True)
                    val_loss += F.cross_entropy(model(val_images), val_labels)
            model.train()


def train_with_intervals(model, train_loader, val_loader, optimizer):
    global_step = 0
    for epoch in range(args.epochs):
        for images, labels in train_loader:
            images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
            loss = train_step(model, optimizer, images, labels)
            global_step += 1
            if global_step % args.eval_every == 0:
                evaluate(model, val_loader)  # expect: GPU202 "`args.eval_every` resolves to 1: argparse default of --eval-every"
            if (global_step + 1) % EVAL_INTERVAL == 0:
                validate(model, val_loader)  # expect: GPU202 "every 5 steps"
            log_and_maybe_evaluate(model, val_loader, global_step, loss)  # expect: GPU202 "reached through"
            if global_step % args.eval_steps == 0:
                evaluate(model, val_loader)  # ok: GPU202 (every 500 steps)
            if args.do_eval and global_step % args.eval_steps == 0:
                validate(model, val_loader)  # ok: GPU202 (periodic guard inside a flag)


def train_quiet_spots(model, train_loader, val_loader, optimizer, eval_period):
    steps_per_epoch = len(train_loader)
    for step, (images, labels) in enumerate(train_loader):
        images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        logits = model(images)
        loss = F.cross_entropy(logits, labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        with torch.no_grad():
            confidence = torch.zeros((), device=device)
            for sample_logits in logits.detach().split(1):  # ok: GPU202 (per-sample statistics, not an evaluation pass)
                confidence += sample_logits.softmax(-1).max()
        if step % eval_period == 0:
            evaluate(model, val_loader)  # ok: GPU202 (the interval is unknown: counts as periodic)
        if step == steps_per_epoch - 1:
            validate(model, val_loader)  # ok: GPU202 (last step only)


class ClassifierTrainer:
    """A small project trainer: the evaluation is a method of the same class."""

    def __init__(self, model, train_loader, val_loader, lr):
        self.model = model
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr)

    @torch.no_grad()
    def evaluate(self):
        self.model.eval()
        total = torch.zeros((), device=device)
        for images, labels in self.val_loader:
            images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
            total += F.cross_entropy(self.model(images), labels)
        self.model.train()
        return total

    def train(self, epochs):
        for epoch in range(epochs):
            for images, labels in self.train_loader:
                images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
                train_step(self.model, self.optimizer, images, labels)
                self.evaluate()  # expect: GPU202 "`self.evaluate()`"
            self.evaluate()  # ok: GPU202 (once per epoch)


@torch.no_grad()
def estimate_loss(model, get_batch):
    out = {}
    model.eval()
    for split in ["train", "val"]:
        losses = torch.zeros(eval_iters, device=device)
        for k in range(eval_iters):
            x, y = get_batch(split)
            losses[k] = F.cross_entropy(model(x).flatten(0, 1), y.flatten())
        out[split] = losses.mean()
    model.train()
    return out


def train_gpt(model, optimizer, get_batch, max_iters):
    iter_num = 0
    while iter_num < max_iters:
        if iter_num % eval_interval == 0:
            estimate_loss(model, get_batch)  # expect: GPU202 "`eval_interval` resolves to 1"
        x, y = get_batch("train")
        loss = F.cross_entropy(model(x).flatten(0, 1), y.flatten())
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        iter_num += 1


@torch.no_grad()
def test(model, features, adj, labels, mask):
    model.eval()
    logits = model(features, adj)
    model.train()
    return (logits[mask].argmax(dim=1) == labels[mask]).float().mean()


def train_full_batch(model, optimizer, features, adj, labels, idx_train, idx_val):
    for epoch in range(args.epochs):
        loss = F.nll_loss(model(features, adj)[idx_train], labels[idx_train])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        test(model, features, adj, labels, idx_val)  # ok: GPU202 (full-batch training: each step is an epoch)


def sweep_checkpoints(model, paths, val_loader):
    results = {}
    for path in paths:  # ok: GPU202 (no training here: evaluating each checkpoint is the job)
        model.load_state_dict(torch.load(path, map_location=device))
        results[path] = evaluate(model, val_loader)
    return results


class LitClassifier(pl.LightningModule):
    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone

    def training_step(self, batch, batch_idx):
        images, labels = batch
        loss = F.cross_entropy(self.backbone(images), labels)
        self.log("train_loss", loss)
        return loss

    def validation_step(self, batch, batch_idx):
        images, labels = batch
        self.log("val_loss", F.cross_entropy(self.backbone(images), labels))  # ok: GPU202 (Lightning runs it per validation batch)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=args.lr)


def fit_lightning(model, datamodule):
    every_batch = pl.Trainer(max_epochs=args.epochs, val_check_interval=1)  # expect: GPU202 "val_check_interval"
    every_epoch = pl.Trainer(max_epochs=args.epochs, val_check_interval=1.0)  # ok: GPU202 (a float is a fraction of an epoch)
    quarter = pl.Trainer(max_epochs=args.epochs, val_check_interval=0.25)  # ok: GPU202
    every_500 = pl.Trainer(max_epochs=args.epochs, val_check_interval=500)  # ok: GPU202
    every_batch.fit(model, datamodule=datamodule)
    return every_epoch, quarter, every_500


def hf_arguments(out_dir):
    too_often = TrainingArguments(  # ok: GPU202 (reported on eval_steps)
        output_dir=out_dir,
        eval_strategy="steps",
        eval_steps=10,  # expect: GPU202 "eval_steps=10"
        dataloader_num_workers=4,
    )
    falls_back = TrainingArguments(output_dir=out_dir, evaluation_strategy="steps", logging_steps=5,  # expect: GPU202 "falls back to logging_steps"
                                   dataloader_num_workers=4)
    per_epoch = TrainingArguments(output_dir=out_dir, eval_strategy="epoch", eval_steps=10,  # ok: GPU202 (epoch strategy)
                                  dataloader_num_workers=4)
    ratio = TrainingArguments(output_dir=out_dir, eval_strategy="steps", eval_steps=0.05,  # ok: GPU202 (ratio of the run)
                              dataloader_num_workers=4)
    sensible = TrainingArguments(output_dir=out_dir, eval_strategy="steps", eval_steps=args.eval_steps,  # ok: GPU202
                                 dataloader_num_workers=4)
    no_eval = TrainingArguments(output_dir=out_dir, eval_steps=1, dataloader_num_workers=4)  # ok: GPU202 (strategy "no")
    enum_steps = TrainingArguments(output_dir=out_dir, eval_strategy=IntervalStrategy.STEPS,
                                   eval_steps=args.eval_every,  # expect: GPU202 "eval_steps resolves to 1: argparse default of --eval-every"
                                   dataloader_num_workers=4)
    return too_often, falls_back, per_epoch, ratio, sensible, no_eval, enum_steps


def train_keras_custom(model, train_ds, val_ds, epochs):
    optimizer = keras.optimizers.Adam(1e-3)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    for epoch in range(epochs):
        for x, y in train_ds:
            with tf.GradientTape() as tape:
                loss = loss_fn(y, model(x, training=True))
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            model.evaluate(val_ds, verbose=0)  # expect: GPU202 "`model.evaluate()`"
        model.evaluate(val_ds, verbose=0)  # ok: GPU202 (once per epoch)


def fit_keras(model, x_train, y_train, x_val, y_val):
    # validation_freq counts epochs: validating after every epoch is fine.
    return model.fit(x_train, y_train, batch_size=64, epochs=args.epochs, validation_data=(x_val, y_val),  # ok: GPU202
                     validation_freq=1)
