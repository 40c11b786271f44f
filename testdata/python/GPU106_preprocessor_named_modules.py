"""GPU106: a callee is judged by its name (`tokenizer`, `feature_extractor`)
only while nothing says what it holds. A network of the script's own named
like a preprocessor (a perceptual-loss backbone called `feature_extractor`,
moved to the GPU, its class perhaps star-imported) runs on the GPU: calling it is a forward pass, not CPU
preprocessing. A Hugging Face feature extractor stays a CPU preprocessor."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
from transformers import AutoFeatureExtractor

from perceptual_nets import *  # a module of networks gpulint does not see

device = torch.device("cuda")


class FeatureExtractor(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 32, 3, padding=1))

    def forward(self, img):
        return self.layers(img)


class Upsampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 3, 3, padding=1)

    def forward(self, x):
        return self.conv(F.interpolate(x, scale_factor=2.0))


generator = Upsampler().to(device)
feature_extractor = FeatureExtractor().to(device)
feature_extractor.eval()
style_feature_extractor = FeatureExtractor().cuda()
content_feature_extractor = VGGFeatures(layers=16).to(device)
texture_feature_extractor = VGGFeatures(layers=8)
if torch.cuda.is_available():
    texture_feature_extractor = texture_feature_extractor.cuda()
hf_feature_extractor = AutoFeatureExtractor.from_pretrained("facebook/dino-vits16")
optimizer = torch.optim.Adam(generator.parameters(), lr=2e-4)


def train(dataset, epochs):
    loader = DataLoader(dataset, batch_size=16, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(epochs):
        for low_res, high_res in loader:
            low_res = low_res.to(device, non_blocking=True)
            high_res = high_res.to(device, non_blocking=True)
            fake = generator(low_res)
            fake_features = feature_extractor(fake)  # ok: GPU106 (an nn.Module of this file on the GPU)
            real_features = feature_extractor(high_res).detach()  # ok: GPU106 (same network)
            style = style_feature_extractor(fake)  # ok: GPU106 (moved with .cuda())
            content = content_feature_extractor(fake)  # ok: GPU106 (moved to the GPU: a network, whatever its class)
            texture = texture_feature_extractor(fake)  # ok: GPU106 (moved to the GPU when there is one)
            loss = F.l1_loss(fake_features, real_features) + style.mean() + content.mean() + texture.mean()
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()


def train_with_hf_features(dataset, epochs):
    loader = DataLoader(dataset, batch_size=16, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(epochs):
        for images, high_res in loader:
            inputs = hf_feature_extractor(images, return_tensors="pt")  # expect: GPU106 "preprocesses raw samples"
            fake = generator(inputs["pixel_values"].to(device, non_blocking=True))
            loss = F.l1_loss(fake, high_res.to(device, non_blocking=True))
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
