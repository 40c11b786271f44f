import torch

PATCH_TOKEN = -200


class PatchMergeMixin:
    """Splices image features into the token embeddings, one sample at a time."""

    def splice_patches(self, input_ids, image_features):
        merged = []
        for ids, feats in zip(input_ids, image_features):
            cuts = torch.where(ids == PATCH_TOKEN)[0].tolist()  # ok: GPU201 (reported where forward calls this helper)
            merged.append(torch.cat([self.embed(ids[: cuts[0]]), feats, self.embed(ids[cuts[0] + 1 :])]))
        return torch.stack(merged)
