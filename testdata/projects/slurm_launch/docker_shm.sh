#!/bin/sh
# A single-node run in a container with docker's 64 MB /dev/shm.
# expect-next: GPU303 "--shm-size 64m"
docker run --rm --gpus all --shm-size=64m \
  -v "$PWD":/workspace -w /workspace \
  pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime \
  python train.py --batch-size 128
