"""A validation pass that saves each prediction only with --save-preds, a
flag that is off unless passed: by default the loop writes nothing, and its
per-batch copy of the predictions feeds a metric, an idle GPU to report.
With a setting that may be on (--save-dir given a default), the loop is a
writer and its copies are the output it exists for."""
import argparse

import numpy as np
import torch
from PIL import Image
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--save-preds", action="store_true")
parser.add_argument("--save-dir", default="preds")
args = parser.parse_args()

device = torch.device("cuda")
net = torch.nn.Conv2d(3, 5, 3, padding=1).to(device)
data = TensorDataset(torch.randn(256, 3, 64, 64), torch.randint(0, 5, (256, 64, 64)))
loader = DataLoader(data, batch_size=8, num_workers=4, pin_memory=True)


def validate():
    hist = np.zeros((5, 5))
    net.eval()
    with torch.no_grad():
        for i, (x, y) in enumerate(loader):
            x = x.to(device, non_blocking=True)
            pred = net(x).argmax(1).cpu().numpy()  # expect: GPU201 "copies"
            hist += np.bincount(5 * y.numpy().ravel() + pred.ravel(), minlength=25).reshape(5, 5)
            if args.save_preds:
                Image.fromarray(pred[0].astype(np.uint8)).save(f"pred_{i}.png")
    return np.diag(hist).sum() / hist.sum()


def export():
    net.eval()
    with torch.no_grad():
        for i, (x, _) in enumerate(loader):
            pred = net(x.to(device, non_blocking=True)).argmax(1).cpu().numpy()  # ok: GPU201 (each prediction is written)
            if args.save_dir:
                Image.fromarray(pred[0].astype(np.uint8)).save(f"{args.save_dir}/pred_{i}.png")


print(validate())
export()
