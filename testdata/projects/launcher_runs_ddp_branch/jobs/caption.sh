#!/bin/bash
python caption.py
