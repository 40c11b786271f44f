# Streams of token shards read in the training process. A stream that never
# asks which worker it runs in would be replayed whole by every worker, so
# the finding asks to shard it first and offers no edit; a stream that splits
# its shards with get_worker_info() gets the usual finding and edit, and so
# does a mixture whose iterator draws from inner streams (which may shard).
import numpy as np
import torch
from torch.utils.data import DataLoader, IterableDataset, get_worker_info


class ShardStream(IterableDataset):
    def __init__(self, paths, block):
        self.paths, self.block = paths, block

    def __iter__(self):
        for path in self.paths:
            tokens = np.load(path, mmap_mode="r")
            for start in range(0, len(tokens) - self.block - 1, self.block):
                window = torch.from_numpy(tokens[start:start + self.block + 1].astype(np.int64))
                yield window[:-1], window[1:]


class WorkerShardStream(ShardStream):
    def __iter__(self):
        info = get_worker_info()
        mine = self.paths if info is None else self.paths[info.id::info.num_workers]
        for path in mine:
            tokens = np.load(path, mmap_mode="r")
            for start in range(0, len(tokens) - self.block - 1, self.block):
                window = torch.from_numpy(tokens[start:start + self.block + 1].astype(np.int64))
                yield window[:-1], window[1:]


class MixIterator:
    def __init__(self, streams):
        self.its = [iter(s) for s in streams]
        self.turn = 0

    def __next__(self):
        self.turn = (self.turn + 1) % len(self.its)
        return next(self.its[self.turn])


class MixedStreams(IterableDataset):
    def __init__(self, streams):
        self.streams = streams

    def __iter__(self):
        return MixIterator(self.streams)


def run(model, optimizer, loader, steps):
    for step, (x, y) in enumerate(loader):
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(x).flatten(0, 1), y.flatten())
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        if step == steps:
            break


def main(paths):
    model = torch.nn.Sequential(torch.nn.Embedding(32000, 256), torch.nn.Linear(256, 32000)).cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    plain = DataLoader(ShardStream(paths, 512), batch_size=32, pin_memory=True)  # expect: GPU101 "shard the stream per worker"
    run(model, optimizer, plain, 50_000)
    sharded = DataLoader(WorkerShardStream(paths, 512), batch_size=32, pin_memory=True, num_workers=4, persistent_workers=True)  # expect: GPU101 "Pass num_workers=4"
    run(model, optimizer, sharded, 50_000)
    mixed = DataLoader(MixedStreams([WorkerShardStream(paths[:32], 512), WorkerShardStream(paths[32:], 512)]),  # expect: GPU101 "Pass num_workers=4"
                       batch_size=32, pin_memory=True, num_workers=4, persistent_workers=True)
    run(model, optimizer, mixed, 50_000)


if __name__ == "__main__":
    main([f"shard_{i:03d}.npy" for i in range(64)])
