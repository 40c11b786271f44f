#!/bin/bash
# A debug flag left in the launch: the reserved GPU never works.
#SBATCH --gres=gpu:1
#SBATCH --cpus-per-task=8

python train.py --cpu --batch-size 64  # expect: GPU302 "`--cpu`"
