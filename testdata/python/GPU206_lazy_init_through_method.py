# `if self.index is None: self.build_index()` where build_index sets
# `self.index`: the branch runs on the first batch only, like an inline
# lazy initialisation, so what build_index prints is not per-batch
# logging. A method that does not set the tested attribute gives no such
# promise and its print is reported.
import torch


class NeighbourSearch:
    def __init__(self, bank):
        self.bank = bank
        self.index = None
        self.stats = None

    def build_index(self):
        print("building the neighbour index")  # ok: GPU206 (runs once: it sets self.index)
        self.index = torch.nn.functional.normalize(self.bank, dim=1)

    def refresh_stats(self):
        print("refreshing stats")  # expect: GPU206
        self.count = len(self.bank)

    def search(self, queries, k):
        if self.index is None and self.bank.shape[0] < 20000:
            self.build_index()
        if self.stats is None:
            self.refresh_stats()
        return (queries @ self.index.T).topk(k, dim=1).indices

    def __call__(self, queries, k):
        return self.search(queries, k)


@torch.no_grad()
def retrieve(encoder, loader, bank):
    encoder = encoder.eval()
    searcher = NeighbourSearch(bank.cuda())
    found = []
    for batch in loader:
        queries = encoder(batch.cuda(non_blocking=True))
        found.append(searcher(queries, 4))
    return found
