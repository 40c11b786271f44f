# Graph datasets whose collate batches DGL graphs: a DGLGraph has no
# pin_memory() (only the in-place pin_memory_()), so a DataLoader's
# pin_memory=True would pin the label tensor alone.
import dgl
import torch


class RingsDataset(torch.utils.data.Dataset):
    def collate(self, samples):
        graphs, labels = map(list, zip(*samples))
        return dgl.batch(graphs), torch.tensor(labels)

    def collate_dense(self, samples):
        xs, ys = map(list, zip(*samples))
        return torch.stack(xs), torch.tensor(ys)


class ChainsDataset(torch.utils.data.Dataset):
    def collate(self, samples):
        graphs, labels = map(list, zip(*samples))
        return dgl.batch(graphs), torch.tensor(labels)

    def collate_dense(self, samples):
        xs, ys = map(list, zip(*samples))
        return torch.stack(xs), torch.tensor(ys)


class CitationGraph:
    """One full graph trained on whole: no collate, never behind a DataLoader."""
