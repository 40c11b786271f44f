"""A dict whose entries are attributes too, as research code bases keep them."""


class EasyDict(dict):
    def __getattr__(self, name):
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value
