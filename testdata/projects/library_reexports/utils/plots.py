"""A second module that re-exports the same library from the first."""
from utils.general import cv2


class Annotator:
    def __init__(self, image):
        self.image = image

    def box(self, xyxy):
        cv2.rectangle(self.image, (int(xyxy[0]), int(xyxy[1])), (int(xyxy[2]), int(xyxy[3])), (0, 255, 0), 2)
