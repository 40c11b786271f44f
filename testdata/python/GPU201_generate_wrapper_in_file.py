"""A captioner whose own generate() wraps a library decoder's generate(),
called once per batch of an evaluation loop: beam search reads its stop
condition on the host after every token, so the mask upload before it is
one wait among dozens. The same upload in forward(), which the training
step runs after the vision encoder, is a wait of its own (that forward
decodes only when called with train=False)."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
from transformers import GPT2Config, GPT2LMHeadModel


class Captioner(nn.Module):
    def __init__(self):
        super().__init__()
        self.vision = nn.Sequential(nn.Flatten(2), nn.Linear(256, 768))
        self.decoder = GPT2LMHeadModel(GPT2Config(add_cross_attention=True))

    def forward(self, image, ids, train=True):
        feats = self.vision(image)
        mask = torch.ones(feats.size()[:-1], dtype=torch.long).to(image.device)  # expect: GPU201 "on every step"
        if train:
            return self.decoder(input_ids=ids, labels=ids, encoder_hidden_states=feats, encoder_attention_mask=mask).loss
        # Inference through forward(train=False): training runs the other path, which decodes nothing.
        return self.decoder.generate(input_ids=ids, max_new_tokens=20, encoder_hidden_states=feats,
                                     encoder_attention_mask=mask)

    def generate(self, image, beams=3):
        feats = self.vision(image).repeat_interleave(beams, dim=0)
        mask = torch.ones(feats.size()[:-1], dtype=torch.long).to(image.device)  # ok: GPU201 (the decoder's generate() below reads the host after every token)
        start = torch.full((image.size(0), 1), 0, device=image.device)
        return self.decoder.generate(input_ids=start, num_beams=beams, max_new_tokens=20,
                                     encoder_hidden_states=feats, encoder_attention_mask=mask)


def main():
    device = torch.device("cuda")
    data = TensorDataset(torch.randn(256, 3, 16, 16), torch.randint(0, 100, (256, 12)))
    loader = DataLoader(data, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    model = Captioner().to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for epoch in range(10):
        for image, ids in loader:
            image, ids = image.to(device, non_blocking=True), ids.to(device, non_blocking=True)
            loss = model(image, ids)
            opt.zero_grad()
            loss.backward()
            opt.step()
        captions = []
        with torch.no_grad():
            for image, _ in loader:
                captions.append(model.generate(image.to(device, non_blocking=True)))


if __name__ == "__main__":
    main()
