#!/bin/bash
# The same micro-batch without activation checkpointing: whether memory
# allows more is worth a look.
PER_GPU=2  # expect: GPU204 "micro-batches this small are common"
torchrun --nproc_per_node=8 finetune.py \
    --output_dir out \
    --bf16 True \
    --per_device_train_batch_size $PER_GPU \
    --gradient_accumulation_steps 8 \
    --dataloader_num_workers 4
