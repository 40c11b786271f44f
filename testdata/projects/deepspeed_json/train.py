# A DeepSpeed training script: the micro-batch comes from the JSON config the
# job names with --deepspeed_config (see ds_config.json.expect).
import argparse

import deepspeed
import torch
from torchvision import datasets, transforms


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--local_rank", type=int, default=-1)
    parser = deepspeed.add_config_arguments(parser)
    args = parser.parse_args()
    dataset = datasets.ImageFolder("/data/train", transform=transforms.ToTensor())
    model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(3 * 224 * 224, 10))
    engine, _, loader, _ = deepspeed.initialize(args=args, model=model, model_parameters=model.parameters(),
                                                training_data=dataset)
    for epoch in range(10):
        for images, labels in loader:
            images = images.to(engine.device, non_blocking=True)
            labels = labels.to(engine.device, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(engine(images), labels)
            engine.backward(loss)
            engine.step()


if __name__ == "__main__":
    main()
