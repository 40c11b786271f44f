# A captioning model's forward tokenizes the batch's captions (per-sample
# work a DataLoader worker could do); its generate() tokenizes the same fixed
# prompt for each batch, which is no per-sample work: no worker can take it.
import torch
import torch.nn as nn
from transformers import BertTokenizer


class Captioner(nn.Module):
    def __init__(self, prompt="a picture of "):
        super().__init__()
        self.tokenizer = BertTokenizer.from_pretrained("bert-base-uncased")
        self.prompt = prompt
        self.encoder = nn.Linear(768, 768)
        self.decoder = nn.Linear(768, 30522)

    def forward(self, image, caption):
        feats = self.encoder(image)
        text = self.tokenizer(caption, padding="longest", return_tensors="pt").to(image.device)  # expect: GPU106 "tokenizes text in the main process"
        logits = self.decoder(feats)
        return nn.functional.cross_entropy(logits, text.input_ids[:, 0])

    def generate(self, image, max_length=30):
        feats = self.encoder(image)
        prompt = [self.prompt] * image.size(0)
        ids = self.tokenizer(prompt, return_tensors="pt").input_ids.to(image.device)  # ok: GPU106 (the same prompt on every batch)
        asked = f"{self.prompt} {image.size(0)} images"
        n_prompt = len(self.tokenizer.encode(asked))  # expect: GPU106 "tokenizes text"
        return self.decoder(feats).argmax(-1), ids


def train(loader, val_loader, epochs=10):
    model = Captioner().cuda()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-5)
    for epoch in range(epochs):
        for image, caption in loader:
            loss = model(image.cuda(non_blocking=True), caption)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        results = []
        with torch.no_grad():
            for image, _ in val_loader:
                out, _ = model.generate(image.cuda(non_blocking=True))
                results.append(out)
        model.train()
