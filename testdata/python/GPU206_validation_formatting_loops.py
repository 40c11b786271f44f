"""After a validation pass, loops over the generated images only format them
for a tracker on the host: they queue no GPU work, so logging in them keeps
no GPU waiting. The validation batch loop that runs the model still counts."""
import numpy as np
import torch
import wandb


@torch.no_grad()
def log_validation(unet, val_loader, accelerator, step):
    images = []
    for batch in val_loader:
        latents = batch["latents"].to(accelerator.device)
        images.append(unet(latents).sample)
        print(f"validated batch {len(images)}")  # expect: GPU206 "evaluation loop"
    for tracker in accelerator.trackers:
        if tracker.name == "tensorboard":
            np_images = np.stack([np.asarray(image) for image in images])  # ok: host formatting after the pass
            tracker.writer.add_images("validation", np_images, step, dataformats="NHWC")
        elif tracker.name == "wandb":
            formatted = []
            for image in images:
                formatted.append(wandb.Image(image, caption="validation"))  # ok: formats one image, no GPU work
                print(f"formatted image {len(formatted)}")  # ok: the loop runs no GPU work
            tracker.log({"validation": formatted})
            table = wandb.Table(columns=["generated"])
            for image in images:
                table.add_data(wandb.Image(image))  # ok: fills a table on the host
            tracker.log({"validation_table": table})


class SampleLogger:
    """Logs a few validation samples once, before training: the tracker
    module is held on the object, and the sample ids are host tensors."""

    def __init__(self, val_dataset, num_images=8):
        self.wandb = wandb
        self.val_dataset = val_dataset
        self.num_images = num_images
        self.table = None

    def log_validation_samples(self):
        if self.table is None:
            self.table = self.wandb.Table(columns=["id", "image"])
            for i in range(self.num_images):
                image, _, sample_id = self.val_dataset[i]
                image = np.transpose(image, (1, 2, 0))
                if isinstance(sample_id, torch.Tensor):
                    sample_id = sample_id.item()  # ok: a sample's id, no GPU work in this loop
                self.table.add_data(sample_id, self.wandb.Image(image))  # ok: fills a table on the host
                print(f"logged sample {sample_id}")  # ok: GPU206 (no GPU work in the loop)
