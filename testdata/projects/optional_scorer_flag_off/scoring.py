"""An optional scorer that reads each batch's top-5 back to the host: built
only when a run names its answer file."""
import json


class AlternateKey:
    def __init__(self, path):
        with open(path) as fh:
            self.key = json.load(fh)
        self.hits = []

    def add(self, logits):
        top = logits.topk(5, 1).indices.cpu().tolist()
        self.hits.extend(row[0] in self.key for row in top)
