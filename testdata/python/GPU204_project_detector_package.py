# A two-stage detector of the project's own (its `faster_rcnn` package) trains
# on one or two large images per GPU by design: the tiny batch is a note that
# names the family, not a warning. A package that merely contains the words
# (`rcnn_utils`) is no such family.
import argparse

import torch
from torch.utils.data import DataLoader

from lib.model.faster_rcnn.resnet import resnet
from lib.model.rcnn_utils import make_roidb

parser = argparse.ArgumentParser()
parser.add_argument("--bs", dest="batch_size", type=int, default=1)
args = parser.parse_args()

roidb = make_roidb("voc_2007_trainval")
detector = resnet(num_classes=21, pretrained=True).cuda()
optimizer = torch.optim.SGD(detector.parameters(), lr=1e-3, momentum=0.9)
loader = DataLoader(roidb, batch_size=args.batch_size, num_workers=4, pin_memory=True, persistent_workers=True)  # expect: GPU204 "common with faster_rcnn models"

for epoch in range(20):
    for images, boxes in loader:
        loss = detector(images.cuda(non_blocking=True), boxes.cuda(non_blocking=True))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
