"""A subclass that adds a statistics pass; fit_epoch comes from the base."""
from .base import BaseFitter


class Fitter(BaseFitter):
    def collect_stats(self, loader, meter):
        seen = []
        for images, _ in loader:
            # The meter is a callable object too, but its __call__ does not train.
            meter(self.model(images.to(self.device)))
            seen.append(meter.value.item())  # ok: GPU201
        return seen
