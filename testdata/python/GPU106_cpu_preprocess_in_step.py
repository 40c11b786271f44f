"""GPU106 fixture: CPU preprocessing done by the training process on each batch."""
import argparse
import json

import cv2
import numpy as np
import pandas as pd
import pytorch_lightning as pl
import skimage.transform
import torch
import torch.nn.functional as F
from PIL import Image
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms
from transformers import AutoModelForSequenceClassification, AutoProcessor, AutoTokenizer

parser = argparse.ArgumentParser(description="fine-tune on images and text")
parser.add_argument("--epochs", type=int, default=3)
parser.add_argument("--lr", type=float, default=2e-5)
parser.add_argument("--labels-csv", default="labels.csv")
args = parser.parse_args()

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")
processor = AutoProcessor.from_pretrained("google/vit-base-patch16-224")
train_transform = transforms.Compose([transforms.RandomResizedCrop(224), transforms.RandomHorizontalFlip()])
gpu_augment = transforms.Compose([transforms.RandomHorizontalFlip(), transforms.Normalize([0.5] * 3, [0.5] * 3)])
label_table = pd.read_csv(args.labels_csv)  # ok: GPU106 (once, at start-up)


class ImageFolderDataset(Dataset):
    def __init__(self, paths, labels):
        self.paths = paths
        self.labels = labels

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        image = Image.open(self.paths[i]).convert("RGB")  # ok: GPU106 (workers run __getitem__)
        image = cv2.GaussianBlur(np.asarray(image), (3, 3), 0)  # ok: GPU106
        return train_transform(Image.fromarray(image)), self.labels[i]  # ok: GPU106


class PathDataset(Dataset):
    def __init__(self, paths):
        self.paths = paths

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        return self.paths[i]


def collate_text(samples):
    texts = [json.loads(s)["text"] for s in samples]  # ok: GPU106 (a collate_fn runs in the workers)
    return tokenizer(texts, padding=True, truncation=True, return_tensors="pt")  # ok: GPU106


def make_loader(dataset, collate_fn=None):
    return DataLoader(dataset, batch_size=32, shuffle=True, num_workers=4, pin_memory=True,
                      persistent_workers=True, collate_fn=collate_fn)


def train_text(model, loader, optimizer):
    prompt_ids = tokenizer("Classify the sentiment:", return_tensors="pt").input_ids  # ok: GPU106 (before the loop)
    for epoch in range(args.epochs):
        for step, batch in enumerate(loader):
            inputs = tokenizer(batch["text"], padding=True, truncation=True, return_tensors="pt")  # expect: GPU106 "tokenizes"
            model.set_attn_processor(args.attention_kinds[step % 2])  # ok: swaps the attention implementation, no preprocessing
            records = [json.loads(line) for line in batch["meta"]]  # expect: GPU106 "parses JSON"
            inputs = {k: v.to(device, non_blocking=True) for k, v in inputs.items()}
            labels = torch.tensor([r["label"] for r in records]).to(device, non_blocking=True)
            loss = model(**inputs, labels=labels).loss
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    return prompt_ids


def train_images(model, path_loader, optimizer):
    for paths in path_loader:
        images = torch.stack([train_transform(Image.open(p).convert("RGB")) for p in paths])  # expect: GPU106 "PIL"
        frames = [cv2.resize(cv2.imread(p), (224, 224)) for p in paths]  # expect: GPU106 "OpenCV"
        labels = pd.read_csv(args.labels_csv).loc[list(paths), "label"]  # expect: GPU106 "pandas"
        images = images.to(device, non_blocking=True)
        loss = F.cross_entropy(model(images), torch.as_tensor(labels.values, device=device))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
    return frames


def train_augmented(model, loader, optimizer, step_limit):
    for step, (images, masks) in enumerate(loader):
        images = train_transform(images)  # expect: GPU106 "transforms"
        masks = np.pad(masks, ((0, 0), (4, 4), (4, 4), (0, 0)), mode="reflect")  # expect: GPU106 "NumPy"
        masks = np.transpose(masks, (0, 3, 1, 2))  # ok: GPU106 (a view: NumPy moves no data)
        small = skimage.transform.resize(masks, (64, 64))  # expect: GPU106 "scikit-image"
        images = gpu_augment(images.to(device, non_blocking=True))  # ok: GPU106 (transform of a CUDA tensor runs on the GPU)
        loss = F.binary_cross_entropy_with_logits(model(images), torch.from_numpy(small).to(device, non_blocking=True))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        if step % 500 == 0:
            preview = Image.fromarray(masks[0, 0])  # ok: GPU106 (every 500 steps)
            preview.save(f"preview_{step}.png")


@torch.no_grad()
def evaluate(model, val_loader):
    model.eval()
    correct = torch.zeros((), device=device)
    for batch in val_loader:
        inputs = processor(images=batch["image"], return_tensors="pt")  # expect: GPU106 "preprocesses raw samples"
        logits = model(pixel_values=inputs["pixel_values"].to(device, non_blocking=True)).logits
        correct += (logits.argmax(-1) == batch["label"].to(device, non_blocking=True)).sum()
    model.train()
    return correct


@torch.no_grad()
def generate_samples(model, eval_loader):
    texts = []
    for batch in eval_loader:
        generated = model.generate(input_ids=batch["input_ids"].to(device, non_blocking=True), max_new_tokens=16)
        texts.extend(tokenizer.batch_decode(generated, skip_special_tokens=True))  # ok: GPU106 (decoding outputs)
    return texts


class LitTextClassifier(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.model = AutoModelForSequenceClassification.from_pretrained("bert-base-uncased", num_labels=2)
        self.tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")

    def training_step(self, batch, batch_idx):
        enc = self.tokenizer.batch_encode_plus(batch["text"], padding=True, return_tensors="pt")  # expect: GPU106 "Lightning training_step"
        enc = enc.to(self.device)
        return self.model(**enc, labels=batch["label"]).loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=args.lr)


def main(model, paths, texts):
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    train_images(model, make_loader(PathDataset(paths)), optimizer)
    train_text(model, make_loader(texts, collate_fn=collate_text), optimizer)


def predict_masks(model, loader, out_dir):
    model.eval()
    with torch.no_grad():
        for i, (images, _) in enumerate(loader):
            hwc = np.transpose(images.numpy(), (0, 2, 3, 1))  # ok: GPU106 (a view: NumPy moves no data)
            tiles = np.ascontiguousarray(images.numpy()[:, :, ::2, ::2])  # expect: GPU106 "NumPy"
            logits = model(torch.from_numpy(tiles).to(device, non_blocking=True))
            np.save(f"{out_dir}/{i}.npy", hwc)
            np.save(f"{out_dir}/{i}_logits.npy", logits.cpu().numpy())
