import torch
import torchvision

from evaluate import evaluate

device = torch.device("cuda")
net = torchvision.models.resnet18().to(device)
val_set = torchvision.datasets.ImageFolder("/data/val", transform=torchvision.transforms.ToTensor())
val_loader = torch.utils.data.DataLoader(val_set, batch_size=256, num_workers=8, pin_memory=True)
print("top-1", float(evaluate(net, val_loader, device)))
