"""GPU106: a callee named like a preprocessor that is handed the model is the
framework's step function (a runner's `batch_processor(model, batch)` runs
the forward pass), not CPU preprocessing. A processor handed raw samples
still is."""
import torch
from transformers import AutoImageProcessor


class Runner:
    def __init__(self, model, batch_processor, loader):
        self.model = model.cuda()
        self.batch_processor = batch_processor
        self.loader = loader
        self.image_processor = AutoImageProcessor.from_pretrained("some/vit")

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        outputs = []
        for data_batch in self.loader:
            out = self.batch_processor(self.model, data_batch, train_mode=False)  # ok: GPU106 (runs the model)
            outputs.append(out["loss"])
        return outputs

    @torch.no_grad()
    def embed(self, pictures):
        vectors = []
        for batch in pictures:
            pixels = self.image_processor(images=batch, return_tensors="pt")  # expect: GPU106 "preprocesses raw samples"
            vectors.append(self.model(pixels["pixel_values"].cuda(non_blocking=True)))
        return vectors
