#!/bin/bash
python tune.py --logger none --width 32
