# A Trainer demo of a few optimizer steps (`max_steps=10`) reads a handful
# of batches: a worker pool would start for them and cost more than it
# overlaps. A real run keeps the finding.
from transformers import TrainingArguments


def arguments(out):
    demo = TrainingArguments(output_dir=out, per_device_train_batch_size=8, max_steps=10)  # ok: GPU101 (a 10-step demo)
    run = TrainingArguments(output_dir=out, per_device_train_batch_size=8, max_steps=5000)  # expect: GPU101 "dataloader_num_workers"
    return demo, run
