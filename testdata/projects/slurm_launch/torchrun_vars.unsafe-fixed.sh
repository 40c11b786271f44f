#!/usr/bin/env bash
# The count of processes is a variable set above the launch.
#SBATCH --nodes=1
#SBATCH --gpus-per-node=a100:8        # expect: GPU301 "8 GPUs per node"
#SBATCH --cpus-per-task=64
set -euo pipefail

NGPUS=8
NNODES=${NNODES:-1}
BATCH="${BATCH_SIZE:-128}"
torchrun --nnodes="$NNODES" --nproc_per_node $NGPUS \
    train.py --batch-size "$BATCH"
