from functools import partial

import torch
from torch.utils.data import DataLoader

from data.load import load_data


def pipeline(dataset, model, opt, dense):
    device = torch.device("cuda")
    if dense:
        loader = DataLoader(dataset, batch_size=32, collate_fn=partial(dataset.collate_dense), num_workers=4,  # expect: GPU103 "pageable host memory"
                            persistent_workers=True)
    else:
        loader = DataLoader(dataset, batch_size=64, shuffle=True, collate_fn=dataset.collate, num_workers=4,  # ok: GPU103 (DGL graph batches: nothing to pin but the labels)
                            persistent_workers=True)
    for epoch in range(10):
        for g, y in loader:
            g = g.to(device)
            y = y.to(device)
            loss = model(g).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()


def main(name, model, opt, dense):
    pipeline(load_data(name), model, opt, dense)
