"""Step loop calling a leveled logging helper: debug records are dropped by
the logger in normal runs; info records are written every step."""
import logging

import torch
from torch.utils.data import DataLoader

from logs import log_rank, report_progress, sync_tied_grads

logger = logging.getLogger(__name__)


def train(dataset, epochs):
    device = torch.device("cuda")
    model = torch.nn.Linear(32, 4).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader(dataset, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(epochs):
        for step, (x, y) in enumerate(loader):
            loss = torch.nn.functional.cross_entropy(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
            optimizer.zero_grad()
            loss.backward()
            log_rank(f"backward done at {step}", logger=logger, level=logging.DEBUG)  # ok: GPU206 (debug level)
            sync_tied_grads(model, logger)  # ok: GPU206 (its record is debug level)
            optimizer.step()
            report_progress(step, logger)  # expect: GPU206 "report_progress() reaches `logger.log(level, msg)`"


def train_verbose(loader, model, optimizer, device):
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        log_rank(f"step {step}", logger=logger, level=logging.INFO)  # expect: GPU206 "log_rank() runs `logger.log(level, msg)`"
