# A package whose name only contains a detector's name (`rcnn_utils`,
# `faster_rcnn_demo_data`) says nothing about the model: a tiny batch stays a warning.
import torch
from torch.utils.data import DataLoader

from tools.faster_rcnn_demo_data import TinyShapes
from tools.rcnn_utils import Classifier

net = Classifier(num_classes=10).cuda()
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
loader = DataLoader(TinyShapes(), batch_size=2, num_workers=4, pin_memory=True, persistent_workers=True)  # expect: GPU204 "Raise it to at least 8"

for epoch in range(20):
    for images, labels in loader:
        loss = torch.nn.functional.cross_entropy(net(images.cuda(non_blocking=True)), labels.cuda(non_blocking=True))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
