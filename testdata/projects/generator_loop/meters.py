"""A console progress meter whose generator passes a loader's items through."""
import time


class Progress:
    def __init__(self, name):
        self.name = name
        self.values = []

    def note(self, value):
        self.values.append(value)

    def iterate(self, source, every=10):
        started = time.time()
        for count, item in enumerate(source):
            yield item
            if count % every == 0:
                print(self.name, count, time.time() - started)

    def numbered(self, source):
        index = 0
        for item in source:
            yield index, item
            index += 1
