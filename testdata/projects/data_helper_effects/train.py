"""Training whose loader building, preprocessing and remote reads live in
helpers of another module: each finding points at the call in the loop."""
import torch

from data_utils import (LoaderCache, augment, fetch_captions, fetch_masks, load_images_fast, make_loader,
                        parse_labels, tokenize_batch)


def main(train_set, val_set, raw_labels, keys, epochs=30):
    device = torch.device("cuda")
    model = torch.nn.Linear(32, 10).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    val_loader = make_loader(val_set, 64)  # ok: GPU105
    cache = LoaderCache(train_set)
    for epoch in range(epochs):
        train_loader = make_loader(train_set, 64)  # expect: GPU105 "make_loader() runs `DataLoader("
        for step, (x, y) in enumerate(train_loader):
            x = augment(x)  # expect: GPU106 "augment() runs `cv2.resize("
            y = parse_labels(y)  # expect: GPU106 "parse_labels() runs `json.loads("
            x = load_images_fast(x)  # ok: GPU107
            x = tokenize_batch(x)  # ok: GPU106
            captions = fetch_captions(keys)  # expect: GPU107 "fetch_captions() runs `requests.get("
            masks = fetch_masks(keys)  # expect: GPU107 "fetch_masks() runs `S3.get_object("
            loss = torch.nn.functional.cross_entropy(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if step % 100 == 0:
                extra = fetch_captions(keys)  # ok: GPU107
            if step < 3:
                shown = augment(x)  # ok: GPU106
        for x, y in cache.get():  # ok: GPU105
            loss = torch.nn.functional.cross_entropy(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
            loss.backward()
            optimizer.step()
        with torch.no_grad():
            for x, y in val_loader:
                model(x.to(device, non_blocking=True))
    captions = fetch_captions(keys)  # ok: GPU107
    return captions
