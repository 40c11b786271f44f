#!/bin/bash
# The last line of the launch ends in a backslash: bash ends the command at
# the end of the file, so the launch is read as it runs.
#SBATCH --gres=gpu:1
#SBATCH --cpus-per-task=8

NUM_WORKERS=0  # expect: GPU101 "job argv sets --workers"
python train.py \
    --workers "$NUM_WORKERS" \
