#!/bin/bash
# The job starts the thin entry file; the batch size it passes reaches the
# HF arguments parsed in trainlib/train.py.
#SBATCH --gres=gpu:4  # ok: GPU302 (the HF Trainer places the model on the GPUs)
BATCH=2  # expect: GPU204 "job argv sets --per_device_train_batch_size"
torchrun --nproc_per_node=4 train_mem.py \
    --output_dir out \
    --per_device_train_batch_size $BATCH \
    --gradient_accumulation_steps 16 \
    --bf16 True
