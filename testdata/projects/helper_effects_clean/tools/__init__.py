from .checkpoint import keep_weights, maybe_keep_weights
from .gathering import gather_metrics
from .reporting import log_progress, report_loss, warn_if_diverged
