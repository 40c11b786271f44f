# A Streamlit page: each function runs once per user request. Its Grad-CAM
# view backpropagates a matching score to read the attention gradients a
# hook saved (nothing steps an optimizer on that path), over the handful of
# images the user asked to see: the loop walks one request's inputs, it is
# neither a training step loop nor a batch loop over a dataset. The page's
# fine-tuning handler, which steps an optimizer on every batch, still trains
# per step, and its image decoding still stalls each step.
import numpy as np
import streamlit as st
import torch
from PIL import Image

device = torch.device("cuda")


def open_rgb(path):
    return Image.open(path).convert("RGB")  # ok: GPU106 (decodes the few images one request shows)


def attention_heatmap(net, pixels, query_ids, layer=4):
    net.blocks[layer].keep_attention = True
    score = net(pixels, query_ids)[:, 1].sum()
    net.zero_grad()
    score.backward()
    with torch.no_grad():
        grads = net.blocks[layer].saved_attention_grads().clamp(min=0)
        maps = (net.blocks[layer].saved_attention() * grads).mean(1)
    return maps.cpu()


def explain_page(net, to_tensor, picked_paths, query_ids, per_pass=4):
    heatmaps = []
    n_batches = len(picked_paths) // per_pass
    for i in range(n_batches):
        shown = [open_rgb(p) for p in picked_paths[i * per_pass:(i + 1) * per_pass]]
        pixels = torch.stack([to_tensor(img) for img in shown]).to(device)
        heatmaps.extend(attention_heatmap(net, pixels, query_ids))
    for col, heat in zip(st.columns(len(heatmaps)), heatmaps):
        col.image(np.asarray(heat), clamp=True)


def finetune_page(net, opt, to_tensor, labelled, steps):
    for step in range(steps):
        paths, targets = labelled[step]
        pixels = torch.stack([to_tensor(Image.open(p)) for p in paths]).to(device)  # expect: GPU106
        loss = torch.nn.functional.cross_entropy(net(pixels), targets.to(device))
        opt.zero_grad()
        loss.backward()
        opt.step()
    st.write("done")
