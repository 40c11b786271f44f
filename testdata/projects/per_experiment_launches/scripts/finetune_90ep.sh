#!/bin/bash
#SBATCH --gres=gpu:1
#SBATCH --cpus-per-task=8
python finetune.py --epochs 90
