# Optional back-ends: the package still imports when one is missing.
try:
    from .captioner import CaptionLM
except ImportError:
    pass
