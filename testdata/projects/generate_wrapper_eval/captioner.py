"""A captioning model whose own generate() wraps a library decoder's
generate(): beam search reads its stop condition on the host after every
token, so the mask upload before it is one wait among dozens."""
import torch
import torch.nn as nn
from transformers import GPT2Config, GPT2LMHeadModel


class Captioner(nn.Module):
    def __init__(self):
        super().__init__()
        self.vision = nn.Sequential(nn.Flatten(2), nn.Linear(256, 768))
        self.decoder = GPT2LMHeadModel(GPT2Config(add_cross_attention=True))

    def forward(self, image, ids):
        feats = self.vision(image)
        mask = torch.ones(feats.size()[:-1], dtype=torch.long).to(image.device)
        return self.decoder(input_ids=ids, labels=ids, encoder_hidden_states=feats, encoder_attention_mask=mask).loss

    def generate(self, image, beams=3):
        feats = self.vision(image).repeat_interleave(beams, dim=0)
        mask = torch.ones(feats.size()[:-1], dtype=torch.long).to(image.device)
        start = torch.full((image.size(0), 1), 0, device=image.device)
        return self.decoder.generate(input_ids=start, num_beams=beams, max_new_tokens=20,
                                     encoder_hidden_states=feats, encoder_attention_mask=mask)
