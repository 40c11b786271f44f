"""Validation through a diffusers or transformers pipeline builds no graph:
the pipeline's __call__ runs under no_grad itself, however the pipeline was
moved or cast. Running the UNet itself in a validation function does."""
import torch
import transformers
from diffusers import StableDiffusionPipeline, UNet2DConditionModel
from peft import get_peft_model_state_dict


def log_validation(unet, args, accelerator, epoch):
    pipeline = StableDiffusionPipeline.from_pretrained(args.base_model, unet=accelerator.unwrap_model(unet))
    pipeline = pipeline.to(accelerator.device)
    images = []
    for prompt in args.validation_prompts:
        images.append(pipeline(prompt, num_inference_steps=20).images[0])  # ok: the pipeline runs under no_grad
    return images


def final_validation(unet, args, accelerator, is_final):
    if not is_final:
        pipeline = StableDiffusionPipeline.from_pretrained(args.base_model, unet=accelerator.unwrap_model(unet))
    else:
        pipeline = StableDiffusionPipeline.from_pretrained(args.output_dir)
    pipeline.to(accelerator.device)
    images = []
    for prompt in args.validation_prompts:
        images.append(pipeline(prompt).images[0])  # ok: a pipeline on both paths
    return images


def export_validation_weights(unet, args, accelerator):
    weights = get_peft_model_state_dict(accelerator.unwrap_model(unet))  # ok: unwrapping runs no forward
    torch.save(weights, args.output_dir + "/validation_unet.pt")


def caption_validation(args, device):
    captioner = transformers.pipeline("image-to-text", model=args.captioner, device=device)
    return [captioner(image) for image in args.validation_images]  # ok: the pipeline runs under no_grad


@torch.no_grad()
def validate_denoiser(args, val_loader, device):  # expect: GPU205
    unet = UNet2DConditionModel.from_pretrained(args.base_model).to(device)
    unet.eval()
    total = 0.0
    for latents, timesteps, text_embeddings in val_loader:
        pred = unet(latents.to(device), timesteps.to(device), text_embeddings.to(device)).sample
        total += float(pred.pow(2).mean())
    return total
