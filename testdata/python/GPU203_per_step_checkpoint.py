"""GPU203 fixture: checkpoints written on every training step, or every few steps."""
import argparse
import os

import deepspeed
import pytorch_lightning as pl
import torch
import torch.nn.functional as F
from accelerate import Accelerator
from pytorch_lightning.callbacks import ModelCheckpoint
from tensorflow import keras
from torch.utils.data import DataLoader
from transformers import AutoModelForSequenceClassification, AutoTokenizer, Trainer, TrainingArguments

SAVE_EVERY = 1000
CKPT_INTERVAL = 20

parser = argparse.ArgumentParser(description="fine-tune a classifier")
parser.add_argument("--epochs", type=int, default=3)
parser.add_argument("--lr", type=float, default=3e-4)
parser.add_argument("--save-every", type=int, default=5)
parser.add_argument("--save-steps", type=int, default=25)
parser.add_argument("--checkpoint-interval", type=int, default=2000)
parser.add_argument("--output-dir", default="checkpoints")
args = parser.parse_args()

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def make_loader(dataset):
    return DataLoader(dataset, batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)


def save_checkpoint(model, optimizer, step):
    path = os.path.join(args.output_dir, f"step_{step}.pt")
    torch.save({"model": model.state_dict(), "optim": optimizer.state_dict(), "step": step}, path)  # ok: GPU203 (the caller guards it)


def export_for_hub(model, tokenizer, out_dir):
    model.save_pretrained(out_dir)  # expect: GPU203 "through export_for_hub()"
    tokenizer.save_pretrained(out_dir)  # ok: GPU203 (small files, no GPU copy)


def train_plain(model, dataset, optimizer):
    loader = make_loader(dataset)
    model.train()
    for epoch in range(args.epochs):
        for images, labels in loader:
            images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
            loss = F.cross_entropy(model(images), labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            torch.save(model.state_dict(), "last.pt")  # expect: GPU203 "on every step"
        torch.save(model.state_dict(), f"epoch_{epoch}.pt")  # ok: GPU203 (once per epoch)
        if epoch % args.save_every == 0:  # ok: GPU203 (interval counted in epochs)
            save_checkpoint(model, optimizer, epoch)


def train_guarded(model, dataset, optimizer, total_steps):
    loader = make_loader(dataset)
    global_step = 0
    for epoch in range(args.epochs):
        for step, (inputs, targets) in enumerate(loader):
            inputs, targets = inputs.to(device, non_blocking=True), targets.to(device, non_blocking=True)
            loss = F.mse_loss(model(inputs), targets)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            global_step += 1
            if global_step % args.save_every == 0:  # expect: GPU203 "argparse default of --save-every"
                torch.save(model.state_dict(), "ckpt.pt")
            if (step + 1) % CKPT_INTERVAL == 0:  # expect: GPU203 "module constant"
                save_checkpoint(model, optimizer, global_step)
            if global_step % args.checkpoint_interval == 0:  # ok: GPU203 (2000 steps)
                save_checkpoint(model, optimizer, global_step)
            if not global_step % SAVE_EVERY:  # ok: GPU203 (1000 steps)
                torch.save(model.state_dict(), "rolling.pt")
            if global_step == total_steps - 1:  # ok: GPU203 (last step only)
                torch.save(model.state_dict(), "final.pt")


def train_accelerate(model, tokenizer, dataset, optimizer):
    accelerator = Accelerator()
    loader = make_loader(dataset)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        outputs = model(**batch)
        accelerator.backward(outputs.loss)
        optimizer.step()
        optimizer.zero_grad()
        if accelerator.is_main_process:
            accelerator.save_state(args.output_dir)  # expect: GPU203 "accelerator.save_state()"
        export_for_hub(accelerator.unwrap_model(model), tokenizer, args.output_dir)
    accelerator.save_state(args.output_dir)  # ok: GPU203 (after training)


def train_deepspeed(model, dataset, ds_config):
    engine, _, loader, _ = deepspeed.initialize(model=model, training_data=dataset, config=ds_config)
    for step, batch in enumerate(loader):
        loss = engine(batch)
        engine.backward(loss)
        engine.step()
        engine.save_checkpoint(args.output_dir, tag=f"step{step}")  # expect: GPU203


class LitClassifier(pl.LightningModule):
    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.cross_entropy(self.backbone(x), y)
        self.log("train_loss", loss)
        self.trainer.save_checkpoint("lit_last.ckpt")  # expect: GPU203 "Lightning training_step"
        return loss

    def validation_step(self, batch, batch_idx):
        x, y = batch
        self.log("val_loss", F.cross_entropy(self.backbone(x), y))
        self.trainer.save_checkpoint("val.ckpt")  # ok: GPU203 (validation, not a training step)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=args.lr)


def lightning_callbacks():
    frequent = ModelCheckpoint(dirpath=args.output_dir, every_n_train_steps=10)  # expect: GPU203 "every_n_train_steps"
    sparse = ModelCheckpoint(dirpath=args.output_dir, every_n_train_steps=500)  # ok: GPU203
    best = ModelCheckpoint(monitor="val_loss", save_top_k=3)  # ok: GPU203 (per validation)
    return [frequent, sparse, best]


def keras_callbacks():
    per_batch = keras.callbacks.ModelCheckpoint("weights.keras", save_freq=5)  # expect: GPU203 "save_freq"
    per_epoch = keras.callbacks.ModelCheckpoint("weights.keras", save_freq="epoch")  # ok: GPU203
    return [per_batch, per_epoch]


def hf_trainer(train_set, eval_set):
    model = AutoModelForSequenceClassification.from_pretrained("bert-base-uncased", num_labels=2)
    tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")
    chatty = TrainingArguments(  # ok: GPU203 (the finding is on save_steps)
        output_dir=args.output_dir,
        dataloader_num_workers=4,
        save_steps=10,  # expect: GPU203 "save_steps=10"
    )
    from_cli = TrainingArguments(output_dir=args.output_dir, dataloader_num_workers=4, save_steps=args.save_steps)  # expect: GPU203 "--save-steps"
    by_epoch = TrainingArguments(output_dir=args.output_dir, dataloader_num_workers=4, save_strategy="epoch", save_steps=10)  # ok: GPU203
    ratio = TrainingArguments(output_dir=args.output_dir, dataloader_num_workers=4, save_steps=0.05)  # ok: GPU203 (ratio of total steps)
    from_env = TrainingArguments(output_dir=args.output_dir, dataloader_num_workers=4, save_steps=int(os.environ["SAVE_STEPS"]))  # ok: GPU203 (unknown)
    default = TrainingArguments(output_dir=args.output_dir, dataloader_num_workers=4)  # ok: GPU203 (HF default 500)
    trainer = Trainer(model=model, args=default, train_dataset=train_set, eval_dataset=eval_set, tokenizer=tokenizer)
    trainer.train()
    trainer.save_model(args.output_dir)  # ok: GPU203 (once, after training)
    return chatty, from_cli, by_epoch, ratio, from_env
