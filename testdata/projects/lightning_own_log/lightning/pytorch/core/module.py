"""A framework base class whose `log` records a value for a logger that writes
every `log_every_n_steps`: inside the framework's repository it is a project
function whose body logs."""
import logging

log = logging.getLogger(__name__)


class LightningModule:
    def __init__(self):
        self._results = None

    def log(self, name, value, prog_bar=False):
        if self._results is None:
            log.warning("self.log(%s) called outside a training loop", name)
            return
        self._results.log(name, value, prog_bar=prog_bar)
        print(f"recorded {name}")
