# Hydra composes conf/config.yaml from its defaults list: the data group's
# conf/data/imagenet.yaml sets num_workers: 0 (the finding is there); the
# primary config's own batch size (after _self_) wins over the group's 2.
import hydra
import torch
from torch.utils.data import DataLoader
from torchvision import datasets, transforms


@hydra.main(config_path="conf", config_name="config", version_base=None)
def train(cfg):
    dataset = datasets.ImageFolder(cfg.data.root, transform=transforms.ToTensor())
    loader = DataLoader(dataset, batch_size=cfg.data.batch_size, shuffle=True, num_workers=cfg.data.num_workers,
                        pin_memory=True)
    model = torch.nn.Conv2d(3, 8, 3).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for images, labels in loader:
        loss = model(images.cuda(non_blocking=True)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    train()
