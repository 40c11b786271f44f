# A captioning fine-tune: the collate function keys its batch by input_ids,
# like a text collator, but the same batch carries the processed images
# (megabytes of floats per batch), so pinning it matters. The text-only
# loader beside it keeps the token-id exemption.
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


def text_batch(items):
    ids = [torch.tensor(x) for x in items]
    return {"input_ids": pad_sequence(ids, batch_first=True)}


def train(model, rows, prompts, processor, optimizer):
    model.cuda().train()
    loader = DataLoader(CaptionPairs(rows, processor), batch_size=16, shuffle=True, num_workers=8,  # expect: GPU103 "pin_memory"
                        collate_fn=caption_batch, persistent_workers=True, pin_memory=True)
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
