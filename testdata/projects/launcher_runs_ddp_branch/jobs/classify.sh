#!/bin/bash
torchrun --nproc_per_node=4 classify.py
