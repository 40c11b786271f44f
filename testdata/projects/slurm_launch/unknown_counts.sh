#!/bin/bash
# Counts gpulint cannot know never fire.
#SBATCH --gres=gpu:8                  # ok: GPU301 — every launch's count is unknown
#SBATCH --ntasks-per-node=1

GPUS_PER_NODE=$(nvidia-smi -L | wc -l)
torchrun --nproc_per_node="$GPUS_PER_NODE" train.py

torchrun --nproc_per_node=$SLURM_GPUS_ON_NODE train.py

if [ -n "${DEBUG:-}" ]; then
  NPROC=1
else
  NPROC=8
fi
torchrun --nproc_per_node=$NPROC train.py

srun $SRUN_ARGS python train.py

for n in 1 2 4; do
  torchrun --nproc_per_node=$n train.py
done

launch() {
  local procs=2
  torchrun --nproc_per_node=$procs train.py
}
launch
