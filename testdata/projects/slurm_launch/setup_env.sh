#!/bin/bash
# Not a launch script: installs the environment (no findings, no note).
set -e
python -m pip install -r requirements.txt
python -m pip install -e .
pre-commit install
