"""A name -> class table filled by a class decorator."""


class Registry:
    def __init__(self, kind):
        self.kind = kind
        self._classes = {}

    def register(self):
        def add(cls):
            self._classes[cls.__name__] = cls
            return cls

        return add

    def get(self, name):
        return self._classes[name]


ARCHS = Registry("arch")
