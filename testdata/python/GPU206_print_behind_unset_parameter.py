# A helper that logs only when its caller passes a label or a flag (an
# EMA-swap context manager that announces itself when given a context): a
# step hook that calls it without one never logs through it. A caller that
# passes the flag does, and so does a helper that sets the name itself.
import contextlib

import lightning.pytorch as pl


class Denoiser(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    @contextlib.contextmanager
    def averaged(self, label=None, verbose=False):
        if label is not None:
            print(f"{label}: averaged weights in")  # ok: GPU206 (only on_fit_end passes a label)
        if verbose:
            print("swapping in the averaged weights")  # expect: GPU206
        try:
            yield
        finally:
            pass

    def describe(self, note=None):
        note = note or "batch done"
        if note:
            print(note)  # expect: GPU206

    def training_step(self, batch, batch_idx):
        return self.net(batch).mean()

    def validation_step(self, batch, batch_idx):
        with self.averaged():
            loss = self.net(batch).mean()
        self.log("val_loss", loss)
        self.describe()

    def test_step(self, batch, batch_idx):
        with self.averaged(verbose=True):
            loss = self.net(batch).mean()
        self.log("test_loss", loss)

    def on_fit_end(self):
        with self.averaged("final"):
            pass
