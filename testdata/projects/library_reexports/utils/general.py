"""Helpers of a detector package that also hand out the libraries they import,
so the scripts import OpenCV and NumPy from here."""
import cv2
import numpy as np

cv2.setNumThreads(0)


def letterbox(image, size):
    return cv2.resize(image, (size, size))


def read_frames(paths):
    for p in paths:
        yield p, cv2.imread(p)
