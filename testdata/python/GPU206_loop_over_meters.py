"""GPU206 fixture: after a multi-view test, a loop over the views' meters
(zipped with the view counts of the config) reports each view's results
once; it iterates no batches, so its logging is not per batch. The batch
loop of each pass does log per batch."""
import logging
from types import SimpleNamespace

import torch
from torch.utils.data import DataLoader

logger = logging.getLogger(__name__)
cfg = SimpleNamespace(TEST=SimpleNamespace(NUM_VIEWS=[1, 3, 10]))


class TestMeter:
    def __init__(self):
        self.stats = {"top1_acc": 0.0}


@torch.no_grad()
def perform_test(loader, model, meter):
    model.eval()
    for inputs, labels in loader:
        preds = model(inputs.cuda(non_blocking=True))
        meter.stats["top1_acc"] += float(labels.numel())
        logger.info("tested a batch of %d clips", labels.numel())  # expect: GPU206 "logs on every batch"
    return meter


def perform_multi_view_test(model):
    test_meters = []
    for views in cfg.TEST.NUM_VIEWS:
        loader = DataLoader(range(32), batch_size=8, num_workers=4, pin_memory=True)
        test_meters.append(perform_test(loader, model, TestMeter()))
    summary = ""
    for view, test_meter in zip(cfg.TEST.NUM_VIEWS, test_meters):
        result = "{} views: top-1 {:.2f}, {:.1f} GiB".format(
            view, test_meter.stats["top1_acc"], torch.cuda.max_memory_allocated() / 2**30)
        logger.info(result)  # ok: GPU206 (once per view, after testing)
        summary += result
    return summary


if __name__ == "__main__":
    perform_multi_view_test(torch.nn.Linear(4, 4).cuda())
