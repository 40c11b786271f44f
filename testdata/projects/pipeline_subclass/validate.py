"""Validation passes over the project's pipelines (pipelines.py): the
pipeline subclass and the no_grad sampler run without autograd, so their
loops need no torch.no_grad(). A project module with a plain forward still
builds the graph in an evaluation loop."""
import torch

from pipelines import GuidedSampler, LightControlPipeline, PlainHead


def log_validation(val_dataset, controlnet, args, accelerator):
    pipeline = LightControlPipeline.from_pretrained(args.base_model, controlnet=controlnet)
    pipeline = pipeline.to(accelerator.device)
    images = []
    for idx in range(args.num_validation_images):
        data = val_dataset[idx]
        images.append(pipeline(data["text"], [data["image"]], num_inference_steps=50)[0][0])  # ok: a pipeline subclass
    return images


def sample_validation(denoiser, val_loader, device):
    sampler = GuidedSampler(denoiser, steps=20).to(device)
    outputs = []
    for noise, cond in val_loader:
        outputs.append(sampler(noise.to(device), cond.to(device)))  # ok: __call__ runs under no_grad
    return outputs


def head_validation(val_loader, device):  # expect: GPU205
    head = PlainHead().to(device)
    head.eval()
    total = 0.0
    for x in val_loader:
        total += head(x.to(device)).pow(2).mean()
    return total
