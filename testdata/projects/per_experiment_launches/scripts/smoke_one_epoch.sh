#!/bin/bash
# One epoch: the workers start once, persistent or not (no finding of its own).
#SBATCH --gres=gpu:1
#SBATCH --cpus-per-task=16
python pretrain.py --epochs 1
