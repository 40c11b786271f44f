#!/bin/bash
# Run from the repository root: `sbatch scripts/launch_from_root.sh`.
#SBATCH --gres=gpu:2                  # expect: GPU301 "`python train.py`"
#SBATCH --cpus-per-task=16

python train.py
