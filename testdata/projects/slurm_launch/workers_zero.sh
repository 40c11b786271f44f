#!/bin/bash
# The launch sets the loader workers to 0 through a variable.
#SBATCH --gres=gpu:1
#SBATCH --cpus-per-task=8

NUM_WORKERS=0  # expect: GPU101 "job argv sets --workers"
python train.py --workers "$NUM_WORKERS"
