# webdataset's WebLoader hands every argument to a torch DataLoader, so it
# takes DataLoader's options and defaults: without pin_memory its batches
# come in pageable memory and the non_blocking copies of the step loop wait.
import torch
import webdataset as wds


def shard_stream(urls, workers, pinned):
    samples = wds.DataPipeline(wds.SimpleShardList(urls), wds.split_by_worker, wds.tarfile_to_samples(), wds.batched(128))
    if pinned:
        return wds.WebLoader(samples, batch_size=None, num_workers=workers, pin_memory=True, persistent_workers=True)  # ok: GPU103 — pinned
    return wds.WebLoader(samples, batch_size=None, num_workers=workers, persistent_workers=True)  # expect: GPU103 "pin_memory is omitted"


def train(net, urls, epochs=3, pinned=False):
    device = torch.device("cuda")
    net.to(device)
    opt = torch.optim.AdamW(net.parameters(), lr=3e-4)
    stream = shard_stream(urls, workers=8, pinned=pinned)
    for epoch in range(epochs):
        for images, labels in stream:
            images = images.to(device, non_blocking=True)
            labels = labels.to(device, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(net(images), labels)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()


if __name__ == "__main__":
    train(torch.nn.Linear(3 * 32 * 32, 10), ["shards-{000..099}.tar"])
