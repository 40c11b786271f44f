"""Loader options in a dict subclass with attribute access (an EasyDict of the project's own),
handed through **kwargs to the training loop of another module."""
import loop


class AttrDict(dict):
    def __getattr__(self, name):
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value


class FilteredDict(dict):
    """Keeps only the options it knows: what it holds is decided at run time."""

    def __init__(self, **options):
        super().__init__({k: v for k, v in options.items() if k in ("num_workers",)})


def main():
    cfg = AttrDict()
    cfg.batch_size = 64
    cfg.loader_kwargs = AttrDict(pin_memory=True, num_workers=3, prefetch_factor=2)
    loop.train(rank=0, **cfg)
    loop.probe(rank=0, loader_kwargs=FilteredDict(pin_memory=True, num_workers=3))


if __name__ == "__main__":
    main()
