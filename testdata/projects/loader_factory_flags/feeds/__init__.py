"""One entry for two loader builders: a flag of the call picks one."""
from .indexed import indexed_loaders
from .streamed import streamed_loaders


def make_loaders(cfg, streaming=False, probe_only=False):
    if not streaming:
        return indexed_loaders(cfg)
    if probe_only:
        return None
    return streamed_loaders(cfg)
