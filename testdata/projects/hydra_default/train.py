# A Hydra script run on its own: @hydra.main links it to conf/config.yaml,
# whose data.num_workers: 0 reaches the training DataLoader. The finding is
# at the YAML value (see conf/config.yaml); nothing in this file.
import hydra
import torch
from omegaconf import DictConfig
from torch.utils.data import DataLoader
from torchvision import datasets, transforms


def build_loader(data_cfg):
    dataset = datasets.ImageFolder(data_cfg.root, transform=transforms.ToTensor())
    return DataLoader(dataset, batch_size=data_cfg.batch_size, shuffle=True,
                      num_workers=data_cfg.num_workers, pin_memory=True)


@hydra.main(config_path="conf", config_name="config", version_base=None)
def main(cfg: DictConfig):
    device = torch.device("cuda")
    loader = build_loader(cfg.data)
    model = torch.nn.Conv2d(3, 8, 3).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=cfg.optim.lr)
    for images, labels in loader:
        images = images.to(device, non_blocking=True)
        loss = model(images).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
