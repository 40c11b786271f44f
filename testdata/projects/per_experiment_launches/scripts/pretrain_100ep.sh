#!/bin/bash
#SBATCH --gres=gpu:1
#SBATCH --cpus-per-task=16
python pretrain.py --epochs 100 --lr 0.3
