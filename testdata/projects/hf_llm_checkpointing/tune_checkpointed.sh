#!/bin/bash
# Two long sequences per GPU with activation checkpointing already on: the
# micro-batch is what memory allows after the step GPU204 would advise.
PER_GPU=2  # ok: GPU204 — gradient checkpointing is on, the micro-batch is memory-bound
torchrun --nproc_per_node=8 finetune.py \
    --output_dir out \
    --bf16 True \
    --per_device_train_batch_size $PER_GPU \
    --gradient_accumulation_steps 8 \
    --context_tokens 4096 \
    --gradient_checkpointing True \
    --dataloader_num_workers 4
