# A captioning fine-tune: the collate function keys its batch by input_ids,
# like a text collator, but the same batch carries the processed images
# (megabytes of floats per batch), so pinning it matters. The text-only
# loader beside it keeps the token-id exemption. A collator that only pads
# the captions, while the processor made the images in __getitem__, is
# caught where the loop reads the batch (`batch.pop("pixel_values")`). A
# collate that returns a tuple names its images only in a variable
# (`ids, image_tensors = zip(*items)`): images all the same.
import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader, Dataset
from PIL import Image


class CaptionPairs(Dataset):
    def __init__(self, rows, processor):
        self.rows, self.processor = rows, processor

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        path, caption = self.rows[i]
        pixels = self.processor(images=Image.open(path).convert("RGB"), return_tensors="pt")["pixel_values"][0]
        ids = torch.tensor(self.processor.tokenizer(caption)["input_ids"])
        return pixels, ids


def caption_batch(items):
    pixels, ids = zip(*items)
    return {"pixel_values": torch.stack(pixels), "input_ids": pad_sequence(ids, batch_first=True)}


def pair_batch(items):
    ids, image_tensors = zip(*items)
    input_ids = torch.stack(ids)
    return input_ids, torch.stack(image_tensors)


def text_batch(items):
    ids = [torch.tensor(x) for x in items]
    return {"input_ids": pad_sequence(ids, batch_first=True)}


class ProcessedPairs(CaptionPairs):
    def __getitem__(self, i):
        path, caption = self.rows[i]
        item = {k: v[0] for k, v in self.processor(images=Image.open(path), return_tensors="pt").items()}
        item["text"] = caption
        return item


def make_pad_captions(processor):
    def pad_captions(items):
        text = processor.tokenizer([x.pop("text") for x in items], padding=True, return_tensors="pt")
        batch = {k: torch.stack([x[k] for x in items]) for k in items[0]}
        batch.update(input_ids=text["input_ids"], attention_mask=text["attention_mask"])
        return batch
    return pad_captions


def train(model, rows, prompts, processor, optimizer):
    model.cuda().train()
    loader = DataLoader(CaptionPairs(rows, processor), batch_size=16, shuffle=True, num_workers=8,  # expect: GPU103 "pin_memory"
                        collate_fn=caption_batch, persistent_workers=True)
    for batch in loader:
        batch = {k: v.cuda(non_blocking=True) for k, v in batch.items()}
        loss = model(**batch, labels=batch["input_ids"]).loss
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    text_loader = DataLoader(prompts, batch_size=64, num_workers=2, collate_fn=text_batch,  # ok: GPU103 — token ids only
                             persistent_workers=True)
    for batch in text_loader:
        batch = {k: v.cuda(non_blocking=True) for k, v in batch.items()}
        loss = model.language_model(**batch, labels=batch["input_ids"]).loss
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    processed = DataLoader(ProcessedPairs(rows, processor), batch_size=8, num_workers=4,  # expect: GPU103 "pin_memory"
                           collate_fn=make_pad_captions(processor), persistent_workers=True)
    for batch in processed:
        ids = batch.pop("input_ids").cuda(non_blocking=True)
        pixels = batch.pop("pixel_values").cuda(non_blocking=True)
        loss = model(input_ids=ids, pixel_values=pixels, labels=ids).loss
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    texts = DataLoader(prompts, batch_size=64, num_workers=2, collate_fn=text_batch,  # ok: GPU103 — token ids; the image below is a log line, not a batch key
                       persistent_workers=True)
    for step, batch in enumerate(texts):
        batch = {k: v.cuda(non_blocking=True) for k, v in batch.items()}
        loss = model.language_model(**batch, labels=batch["input_ids"]).loss
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step == 0:
            print("text-only warm-up, no image batches")
    pairs = DataLoader(rows, batch_size=16, num_workers=2, collate_fn=pair_batch,  # expect: GPU103 "pin_memory"
                       persistent_workers=True)
    for ids, images in pairs:
        out = model(input_ids=ids.cuda(non_blocking=True), pixel_values=images.cuda(non_blocking=True))
        optimizer.zero_grad()
        out.loss.backward()
        optimizer.step()
