# A clean Hydra + DDP job: the job selects conf/prod.yaml (good values) with
# --config-name; the default conf/config.yaml (0 workers, tiny batch) is not
# what this job runs, so nothing is reported anywhere.
import os

import hydra
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler
from torchvision import datasets, transforms


@hydra.main(config_path="conf", config_name="config", version_base=None)
def main(cfg):
    dist.init_process_group("nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    dataset = datasets.ImageFolder(cfg.data.root, transform=transforms.ToTensor())
    loader = DataLoader(dataset, batch_size=cfg.data.batch_size, sampler=DistributedSampler(dataset),
                        num_workers=cfg.data.num_workers, pin_memory=True, persistent_workers=True)
    model = DistributedDataParallel(torch.nn.Conv2d(3, 8, 3).cuda(), device_ids=[local_rank])
    opt = torch.optim.SGD(model.parameters(), lr=cfg.optim.lr)
    for epoch in range(cfg.epochs):
        loader.sampler.set_epoch(epoch)
        for images, labels in loader:
            images = images.cuda(non_blocking=True)
            loss = model(images).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
