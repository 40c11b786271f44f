"""GPU205 fixture: evaluation that runs the model forward with autograd on."""
import argparse

import pytorch_lightning as pl
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
from tqdm import tqdm

parser = argparse.ArgumentParser(description="train and evaluate a classifier")
parser.add_argument("--epochs", type=int, default=5)
parser.add_argument("--lr", type=float, default=1e-3)
parser.add_argument("--checkpoint", default="model.pt")
args = parser.parse_args()

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class ConvNet(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 32, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.head = nn.Linear(32, num_classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


@torch.no_grad()
def evaluate(model, loader, criterion):  # expect: GPU205 "`evaluate()` runs the model forward"
    model.eval()
    total_loss = torch.zeros((), device=device)
    correct = torch.zeros((), device=device)
    for images, labels in loader:
        images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        logits = model(images)
        total_loss += criterion(logits, labels)
        correct += (logits.argmax(dim=1) == labels).sum()
    model.train()
    return total_loss / len(loader), correct / len(loader.dataset)


@torch.no_grad()
def collect_predictions(model, test_loader):  # expect: GPU205 "`model(...)`"
    model.eval()
    predictions = []
    for batch in tqdm(test_loader, desc="predict"):
        predictions.append(model(batch["pixel_values"].to(device, non_blocking=True)))
    return torch.cat(predictions)


def forward_batch(net, batch):
    return net(batch[0].to(device, non_blocking=True))


@torch.no_grad()
def test(model, test_loader):  # expect: GPU205 "`net(...)` at line 52"
    model.eval()
    scores = []
    for batch in test_loader:
        scores.append(forward_batch(model, batch).softmax(dim=-1))
    return torch.cat(scores)


@torch.no_grad()
def predict(model, image):  # expect: GPU205 "`predict()`"
    model.eval()
    return model.forward(image.unsqueeze(0).to(device)).argmax(dim=1)


@torch.no_grad()
def evaluate_top5(model, loader):  # ok: GPU205 (decorated)
    model.eval()
    hits = torch.zeros((), device=device)
    for images, labels in loader:
        top5 = model(images.to(device, non_blocking=True)).topk(5, dim=1).indices
        hits += (top5 == labels.to(device, non_blocking=True).unsqueeze(1)).any(dim=1).sum()
    return hits


@torch.inference_mode()
def validate_ema(ema_model, val_loader):  # ok: GPU205 (inference_mode)
    outputs = [ema_model(x.to(device, non_blocking=True)) for x, _ in val_loader]
    return torch.cat(outputs)


def validate_blocks(model, val_loader):  # ok: GPU205 (with-block around the loop)
    model.eval()
    with torch.no_grad():
        losses = [F.cross_entropy(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
                  for x, y in val_loader]
        for images, labels in val_loader:
            losses.append(F.cross_entropy(model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True)))
    return torch.stack(losses).mean()


def eval_inner(model, val_loader):  # ok: GPU205 (every caller runs it under no_grad)
    model.eval()
    acc = torch.zeros((), device=device)
    for images, labels in val_loader:
        acc += (model(images.to(device, non_blocking=True)).argmax(1) == labels.to(device, non_blocking=True)).float().mean()
    return acc / len(val_loader)


def saliency_eval(model, val_loader):  # ok: GPU205 (needs input gradients)
    model.eval()
    maps = []
    for images, labels in val_loader:
        images = images.to(device, non_blocking=True).requires_grad_(True)
        score = model(images).gather(1, labels.to(device, non_blocking=True).unsqueeze(1)).sum()
        maps.append(torch.autograd.grad(score, images)[0].abs())
    return maps


def evaluate_generation(model, tokenizer, eval_loader):  # ok: GPU205 (generate() runs under no_grad)
    model.eval()
    texts = []
    for batch in eval_loader:
        generated = model.generate(input_ids=batch["input_ids"].to(device, non_blocking=True), max_new_tokens=32)
        texts.extend(tokenizer.batch_decode(generated, skip_special_tokens=True))
    return texts


def infer_feature_dim(model):  # ok: GPU205 (a one-off shape probe, not called in a loop)
    return model(torch.zeros(1, 3, 32, 32, device=device)).shape[-1]


@torch.enable_grad()
def evaluate_with_adaptation(model, test_loader, optimizer):  # ok: GPU205 (asks for gradients explicitly)
    model.eval()
    outputs = []
    for images, _ in test_loader:
        outputs.append(model(images.to(device, non_blocking=True)))
    return outputs


def test_convnet_output_shape():  # ok: GPU205 (a unit test, not evaluation)
    net = ConvNet()
    assert net(torch.zeros(2, 3, 32, 32)).shape == (2, 10)


class LitConvNet(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = ConvNet()

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.cross_entropy(self.net(x), y)
        self.log("train_loss", loss)
        return loss

    def validation_step(self, batch, batch_idx):  # ok: GPU205 (Lightning disables grad)
        x, y = batch
        self.log("val_loss", F.cross_entropy(self(x), y))

    def predict_step(self, batch, batch_idx):  # ok: GPU205 (Lightning disables grad)
        return self.net(batch[0]).argmax(dim=1)

    def forward(self, x):
        return self.net(x)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=args.lr)


class Trainer:
    def __init__(self, model, train_loader, val_loader):
        self.model = model
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)

    @torch.no_grad()
    def validate(self):  # expect: GPU205 "`validate()`"
        self.model.eval()
        total = torch.zeros((), device=device)
        for images, labels in self.val_loader:
            total += F.cross_entropy(self.model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True))
        self.model.train()
        return total / len(self.val_loader)

    def fit(self, epochs):
        for _ in range(epochs):
            self.model.train()
            for images, labels in self.train_loader:
                loss = F.cross_entropy(self.model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True))
                self.optimizer.zero_grad(set_to_none=True)
                loss.backward()
                self.optimizer.step()
            self.validate()


def train(model, train_loader, val_loader, optimizer):
    criterion = nn.CrossEntropyLoss()
    for epoch in range(args.epochs):
        model.train()
        for images, labels in train_loader:
            images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
            loss = criterion(model(images), labels)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
        model.eval()
        val_loss = torch.zeros((), device=device)
        with torch.no_grad():
            for val_images, val_labels in val_loader:  # expect: GPU205 "wrap the loop in `with torch.no_grad():`"
                val_images, val_labels = val_images.to(device, non_blocking=True), val_labels.to(device, non_blocking=True)
                val_loss += criterion(model(val_images), val_labels)
        with torch.no_grad():
            eval_loss = eval_inner(model, val_loader)
        evaluate(model, val_loader, criterion)
    return val_loss, eval_loss


def train_and_report(model, train_loader, val_loader, optimizer):
    for images, labels in train_loader:
        loss = F.cross_entropy(model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True))
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
    model.eval()
    lines = []
    for images, labels in val_loader:  # expect: GPU205 "This evaluation loop"
        logits = model(images.to(device, non_blocking=True))
        # no fix: re-indenting the loop would change this string
        lines.append(f"""batch of {len(labels)}:
logits of shape {tuple(logits.shape)}""")
    return lines


def train_then_stream(model, train_loader, val_loader, optimizer):
    for images, labels in train_loader:
        loss = F.cross_entropy(model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True))
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
    model.eval()
    for images, _ in val_loader:  # expect: GPU205 "This evaluation loop"
        # no fix: a with-block would keep grad mode off in the consumer while this generator is suspended
        yield model(images.to(device, non_blocking=True))


def main():
    model = ConvNet().to(device)
    feature_dim = infer_feature_dim(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    train_set = torch.load("train.pt")
    val_set = torch.load("val.pt")
    train_loader = DataLoader(train_set, batch_size=128, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    val_loader = DataLoader(val_set, batch_size=256, num_workers=4, pin_memory=True, persistent_workers=True)
    train(model, train_loader, val_loader, optimizer)
    with torch.no_grad():
        eval_inner(model, val_loader)
    test(model, val_loader)
    collect_predictions(model, val_loader)
    Trainer(model, train_loader, val_loader).fit(args.epochs)
    for path in ["a.pt", "b.pt"]:
        predict(model, torch.load(path))
    evaluate_with_adaptation(model, val_loader, optimizer)
    assert feature_dim == 10
    return model


if __name__ == "__main__":
    model = main()
    model.load_state_dict(torch.load(args.checkpoint))
    model.eval()
    test_loader = DataLoader(torch.load("test.pt"), batch_size=256, num_workers=4, pin_memory=True, persistent_workers=True)
    test_correct = torch.zeros((), device=device)
    with torch.no_grad():
        for test_images, test_labels in test_loader:  # expect: GPU205 "This evaluation loop"
            test_images = test_images.to(device, non_blocking=True)
            test_correct += (model(test_images).argmax(1) == test_labels.to(device, non_blocking=True)).sum()
    # A second pass, with the images flipped.
    flipped = []
    with torch.no_grad():
        for test_images, _ in test_loader:  # expect: GPU205 "This evaluation loop"
            # forward only
            flipped.append(model(test_images.flip(-1).to(device,
                                                         non_blocking=True)))
#       flipped.append(model(test_images.flip(-2)))
    # report
    print(test_correct.item(), len(flipped))
