# An evaluation that compares embeddings with a parameter-free torch module
# (nn.CosineSimilarity): it has no weights and its inputs come from a model
# call that already runs under no_grad, so no graph is kept. The retrieval
# evaluation beside it calls the encoder itself with autograd on (one
# finding there, not another on the function that calls it per setting).
import torch
from torch import nn

similarity = nn.CosineSimilarity(dim=-1)
pool = nn.AdaptiveAvgPool2d(1)


class Retriever(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(3, 64, 3), nn.ReLU(), nn.Flatten(), nn.LazyLinear(256))

    @torch.no_grad()
    def embed(self, images):
        return self.encoder(images)

    def forward(self, images):
        return self.encoder(images)


def evaluate_pairs(model, loader):
    model.eval()
    scores = []
    for left, right in loader:
        a = model.embed(left.cuda(non_blocking=True))
        b = model.embed(right.cuda(non_blocking=True))
        scores.append(similarity(a, b).mean())
    return torch.stack(scores).mean()


def evaluate_retrieval(model, loader, gallery):  # expect: GPU205
    model.eval()
    hits = 0
    for queries, labels in loader:
        q = model(queries.cuda(non_blocking=True))
        hits += (similarity(q[:, None], gallery[None]).argmax(-1).cpu() == labels).sum()  # expect: GPU201
    return hits


def evaluate_at_scales(model, loader, galleries):  # ok: GPU205 — the forward is evaluate_retrieval's, reported there
    return [evaluate_retrieval(model, loader, gallery) for gallery in galleries]


def main(loader, gallery_images):
    model = Retriever().cuda()
    gallery = model.embed(gallery_images.cuda())
    for epoch in range(5):
        print(evaluate_pairs(model, loader), evaluate_retrieval(model, loader, gallery))
        print(evaluate_at_scales(model, loader, [gallery, gallery[:100]]))
