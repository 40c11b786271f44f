"""Fine-tune an ImageNet ResNet-18 on an image folder.

Expects <data>/{train,val}/<class>/*.jpg. Example:

    python train.py --data /mnt/data/flowers --epochs 10 --batch-size 64
"""
import argparse
import os
import time

import torch
import torch.nn as nn
import torchvision
from PIL import Image
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms

MEAN, STD = (0.485, 0.456, 0.406), (0.229, 0.224, 0.225)


def parse_args():
    parser = argparse.ArgumentParser(description="ResNet-18 fine-tuning on an image folder")
    parser.add_argument("--data", default="/mnt/data/flowers")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=64, help="effective batch size")
    parser.add_argument("--grad-accum", type=int, default=16, help="micro-batches per optimizer step")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--eval-every", type=int, default=1, help="validate every N optimizer steps")
    parser.add_argument("--out", default="checkpoints")
    return parser.parse_args()


class ImageFolderDataset(Dataset):
    def __init__(self, root, split, transform):
        split_dir = os.path.join(root, split)
        self.classes = sorted(os.listdir(split_dir))
        self.samples = []
        for label, name in enumerate(self.classes):
            for fname in sorted(os.listdir(os.path.join(split_dir, name))):
                self.samples.append((os.path.join(split_dir, name, fname), label))
        self.transform = transform

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, index):
        path, label = self.samples[index]
        image = Image.open(path).convert("RGB")
        return self.transform(image), label


def build_model(num_classes, device):
    model = torchvision.models.resnet18(weights="IMAGENET1K_V1")
    model.fc = nn.Linear(model.fc.in_features, num_classes)
    return model.to(device)


@torch.no_grad()
def evaluate(model, loader, device):
    model.eval()
    correct, total = 0, 0
    for images, labels in loader:
        images = images.to(device, non_blocking=True)
        labels = labels.to(device, non_blocking=True)
        preds = model(images).argmax(dim=1)
        correct += (preds == labels).sum().item()  # expect: GPU201
        total += labels.size(0)
    model.train()
    return correct / max(total, 1)


def main():
    args = parse_args()
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    os.makedirs(args.out, exist_ok=True)

    train_tf = transforms.Compose([
        transforms.RandomResizedCrop(224),
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        transforms.Normalize(MEAN, STD),
    ])
    val_tf = transforms.Compose([
        transforms.Resize(256),
        transforms.CenterCrop(224),
        transforms.ToTensor(),
        transforms.Normalize(MEAN, STD),
    ])
    train_set = ImageFolderDataset(args.data, "train", train_tf)
    val_set = ImageFolderDataset(args.data, "val", val_tf)

    # Split the effective batch into micro-batches so ResNet fits next to the other jobs on the node.
    micro_batch = args.batch_size // args.grad_accum
    train_loader = DataLoader(train_set, batch_size=micro_batch, shuffle=True,  # expect: GPU101, GPU204
                              pin_memory=True, drop_last=True)
    # A single prefetched batch per worker keeps host RAM low.
    val_loader = DataLoader(val_set, batch_size=128, num_workers=2, pin_memory=True, persistent_workers=True,
                            prefetch_factor=1)  # expect: GPU102

    model = build_model(len(train_set.classes), device)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=1e-4)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=args.epochs)

    global_step = 0
    best_acc = 0.0
    for epoch in range(args.epochs):
        model.train()
        running_loss, start = 0.0, time.time()
        for i, (images, labels) in enumerate(train_loader):
            images = images.to(device, non_blocking=True)
            labels = labels.to(device, non_blocking=True)
            loss = criterion(model(images), labels) / args.grad_accum
            loss.backward()
            running_loss += loss.item()  # expect: GPU201
            if (i + 1) % args.grad_accum == 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
                global_step += 1
            if global_step % args.eval_every == 0:
                val_acc = evaluate(model, val_loader, device)  # expect: GPU202
                best_acc = max(best_acc, val_acc)
        scheduler.step()
        print(f"epoch {epoch}: loss {running_loss / len(train_loader):.4f} "
              f"val acc {best_acc:.3f} ({time.time() - start:.0f}s)")
        torch.save({"epoch": epoch, "model": model.state_dict()}, os.path.join(args.out, "last.pt"))


if __name__ == "__main__":
    main()
