"""GPU107 fixture: object-store and network reads per sample or per batch."""
import argparse
import io
import os
import urllib.request

import boto3
import fsspec
import pandas as pd
import requests
import s3fs
import smart_open
import torch
import torch.nn.functional as F
from azure.storage.blob import BlobServiceClient
from PIL import Image
from torch.utils.data import DataLoader, Dataset, IterableDataset

LOCAL_CACHE = "/mnt/cache"
METRICS_URL = "https://metrics.internal/api/push"

parser = argparse.ArgumentParser(description="train from object storage")
parser.add_argument("--bucket", default="training-data")
parser.add_argument("--shards-url", default="gs://my-bucket/shards")
parser.add_argument("--labels-url", default="https://example.com/labels.csv")
parser.add_argument("--epochs", type=int, default=5)
args = parser.parse_args()

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class S3ImageDataset(Dataset):
    def __init__(self, keys, labels):
        self.s3 = boto3.client("s3")
        self.keys = keys
        self.labels = labels

    def __len__(self):
        return len(self.keys)

    def __getitem__(self, i):
        obj = self.s3.get_object(Bucket=args.bucket, Key=self.keys[i])  # expect: GPU107 "S3"
        image = Image.open(io.BytesIO(obj["Body"].read())).convert("RGB")
        return torch.from_numpy(image_to_array(image)), self.labels[i]


class UrlDataset(Dataset):
    def __init__(self, urls):
        self.urls = urls
        self.fs = s3fs.S3FileSystem(anon=False)

    def __len__(self):
        return len(self.urls)

    def _read(self, key):
        with smart_open.open(f"s3://{args.bucket}/{key}", "rb") as f:  # expect: GPU107 "smart_open"
            return f.read()

    def __getitem__(self, i):
        raw = requests.get(self.urls[i], timeout=10).content  # expect: GPU107 "HTTP request"
        meta = self.fs.open(f"{args.bucket}/meta/{i}.json").read()  # expect: GPU107 "object-store file system"
        return raw, meta, self._read(f"extra/{i}.bin")


class AzureBlobDataset(Dataset):
    def __init__(self, names, conn_str):
        self.container = BlobServiceClient.from_connection_string(conn_str).get_container_client("train")
        self.names = names

    def __len__(self):
        return len(self.names)

    def __getitem__(self, i):
        data = self.container.get_blob_client(self.names[i]).download_blob().readall()  # expect: GPU107 "Azure"
        return torch.frombuffer(bytearray(data), dtype=torch.uint8)


class LocalDataset(Dataset):
    def __init__(self, root, names):
        self.root = root
        self.names = names

    def __len__(self):
        return len(self.names)

    def __getitem__(self, i):
        with open(os.path.join(self.root, self.names[i]), "rb") as f:  # ok: GPU107 (local disk)
            raw = f.read()
        cached = fsspec.open(f"{LOCAL_CACHE}/{self.names[i]}.npy", "rb")  # ok: GPU107 (a local cache path)
        return raw, cached


class ShardStream(IterableDataset):
    def __iter__(self):
        for shard in range(64):
            with fsspec.open(f"{args.shards_url}/{shard:05d}.tar", "rb") as f:  # ok: GPU107 (sequential shard streaming)
                yield f.read()


def image_to_array(image):
    return torch.ByteTensor(torch.ByteStorage.from_buffer(image.tobytes())).numpy()


def make_loader(dataset):
    return DataLoader(dataset, batch_size=64, shuffle=True, num_workers=8, pin_memory=True, persistent_workers=True)


def stage_data():
    s3 = boto3.client("s3")
    s3.download_file(args.bucket, "train.tar", "/tmp/train.tar")  # ok: GPU107 (staged once, before training)
    return pd.read_csv(args.labels_url)  # ok: GPU107 (once)


def train(model, loader, optimizer):
    session = requests.Session()
    for epoch in range(args.epochs):
        for step, (inputs, targets) in enumerate(loader):
            extra = torch.load(f"{args.shards_url}/aux_{step}.pt")  # expect: GPU107 "gs://"
            labels = pd.read_csv(args.labels_url)  # expect: GPU107 "https://", GPU106
            inputs, targets = inputs.to(device, non_blocking=True), targets.to(device, non_blocking=True)
            loss = F.cross_entropy(model(inputs), targets) + extra.sum() * 0
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            session.post(METRICS_URL, json={"epoch": epoch, "rows": len(labels)})  # expect: GPU107
            if step % 1000 == 0:
                requests.post(METRICS_URL, json={"step": step}, timeout=5)  # ok: GPU107 (every 1000 steps)
        requests.post(METRICS_URL, json={"epoch": epoch}, timeout=5)  # ok: GPU107 (once per epoch)


@torch.no_grad()
def evaluate(model, val_loader, label_url):
    model.eval()
    correct = torch.zeros((), device=device)
    for images, ids in val_loader:
        reference = urllib.request.urlopen(f"{label_url}?ids={len(ids)}").read()  # expect: GPU107 "evaluation loop"
        preds = model(images.to(device, non_blocking=True)).argmax(dim=1)
        correct += (preds == torch.frombuffer(bytearray(reference), dtype=torch.uint8).to(device)[: len(preds)]).sum()
    return correct


def main(model, keys, labels):
    stage_data()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    train(model, make_loader(S3ImageDataset(keys, labels)), optimizer)
    return evaluate(model, make_loader(LocalDataset(LOCAL_CACHE, keys)), args.labels_url)
