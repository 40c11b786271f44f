"""Runs under launch_job, which hands it the config: the call does not bind cfg."""
import torch

from vidnet.datasets import loader


def train_epoch(train_loader, model, optimizer):
    model.train()
    for inputs, labels in train_loader:
        inputs = inputs.cuda(non_blocking=True)
        labels = labels.cuda(non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(inputs), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def train(cfg, dataset, eval_set):
    model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.LazyLinear(400)).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    train_loader = loader.construct_loader(cfg, dataset)
    eval_loader = loader.construct_eval_loader(cfg, eval_set)
    for cur_epoch in range(cfg.SOLVER.MAX_EPOCH):
        train_epoch(train_loader, model, optimizer)
        train_epoch(eval_loader, model, optimizer)
