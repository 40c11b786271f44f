"""GPU206 fixture: a loop over the test datasets' names after validation.

`for idx, dataset_name in enumerate(self.cfg.DATASETS.TEST)` runs once per
test dataset, whatever the config list is called ("TEST" is no batch): its
report is no per-batch logging. The validation step's own per-batch log is.
"""
import logging
from collections import OrderedDict
from types import SimpleNamespace

import torch

logger = logging.getLogger(__name__)


def print_csv_format(results):
    logger.info("copypaste: %s", ",".join(f"{v:.4f}" for v in results.values()))  # ok: GPU206 (once per test dataset)


class Evaluation:
    def __init__(self, model, evaluators):
        self.model = model.cuda()
        self.cfg = SimpleNamespace(DATASETS=SimpleNamespace(TEST=["coco_val", "lvis_val"]))
        self._evaluators = evaluators

    def is_main_process(self):
        return True

    @torch.no_grad()
    def validate(self, loader):
        self.model.eval()
        for images, targets in loader:
            outputs = self.model(images.cuda(non_blocking=True))
            self._evaluators[0].process(targets, outputs)
            print("validated a batch")  # expect: GPU206 "logs on every batch"
        return self._process_dataset_evaluation_results()

    def _process_dataset_evaluation_results(self):
        results = OrderedDict()
        for idx, dataset_name in enumerate(self.cfg.DATASETS.TEST):
            results[dataset_name] = self._evaluators[idx].evaluate()
            if self.is_main_process():
                print_csv_format(results[dataset_name])  # ok: GPU206 (once per test dataset)
        return results
