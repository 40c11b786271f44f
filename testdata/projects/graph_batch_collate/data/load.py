from data.graphs import ChainsDataset, CitationGraph, RingsDataset


def load_data(name):
    if name == "rings":
        return RingsDataset()
    if name == "chains":
        return ChainsDataset()
    if name == "cora":
        return CitationGraph()
