#!/bin/bash
# No --gradient_checkpointing here: CheckpointedArgs (finetune_ckpt.py)
# declares it on by default, so the micro-batch is memory-bound as above.
PER_GPU=2  # ok: GPU204 — checkpointing is on by the arguments class's default
torchrun --nproc_per_node=8 finetune_ckpt.py \
    --output_dir out \
    --bf16 True \
    --per_device_train_batch_size $PER_GPU \
    --gradient_accumulation_steps 8 \
    --dataloader_num_workers 4
