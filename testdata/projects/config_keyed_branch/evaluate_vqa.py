# Evaluation whose branches follow a key of the YAML config the run loads
# (ruamel's module-level load). The config ranks answers: the `generate`
# branch never runs with it, the `rank` branch runs on every batch.
import argparse

import ruamel_yaml as yaml
import torch
from torch.utils.data import DataLoader

from model import AnswerModel


@torch.no_grad()
def evaluation(model, loader, device, config):
    model.eval()
    results = []
    for image, question in loader:
        image = image.to(device, non_blocking=True)
        if config["inference"] == "generate":
            answers = model(image, question, mode="generate")  # ok: the config ranks, this branch never runs
            results.append(answers)
        elif config["inference"] == "rank":
            scores = model(image, question)  # expect: GPU106 "tokenizes text in the main process on every batch"
            results.append(scores)
    return results


def main(args, config):
    device = torch.device(args.device)
    model = AnswerModel().to(device)
    loader = DataLoader(range(64), batch_size=config["batch_size"], num_workers=config["num_workers"], pin_memory=True)
    evaluation(model, loader, device, config)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="./configs/vqa.yaml")
    parser.add_argument("--device", default="cuda")
    args = parser.parse_args()
    config = yaml.load(open(args.config, "r"), Loader=yaml.Loader)
    main(args, config)
