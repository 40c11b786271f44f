# A metric that samples a frozen generator (`G.eval().requires_grad_(False)`,
# or every parameter's requires_grad set to False) from noise: no parameter
# needs a gradient and the inputs carry none, so autograd records nothing
# and no_grad would change nothing. A model only switched to eval() still
# records the graph.
import copy

import torch


class Generator(torch.nn.Module):
    def __init__(self, z_dim):
        super().__init__()
        self.z_dim = z_dim
        self.net = torch.nn.Linear(z_dim, 3 * 32 * 32)

    def forward(self, z):
        return self.net(z).view(-1, 3, 32, 32)


def fid_features(weights, detector, num_samples, batch_size, device):
    G = Generator(512)
    G.load_state_dict(weights)
    G = copy.deepcopy(G).eval().requires_grad_(False).to(device)
    feats = []
    for batch_start in range(0, num_samples, batch_size):
        z = torch.randn([batch_size, G.z_dim], device=device)
        img = G(z)  # ok: GPU205 (frozen: no parameter needs a gradient)
        feats.append(detector(img))
    return torch.cat(feats)


def path_length_eval(weights, num_samples, batch_size, device):
    sampler = Generator(512)
    sampler.load_state_dict(weights)
    sampler.eval().requires_grad_(False).to(device)
    dist = []
    for batch_start in range(0, num_samples, batch_size):
        dist.append(sampler(torch.randn([batch_size, 512], device=device)))  # ok: GPU205 (frozen in place)
    return torch.cat(dist)


def precision_recall_eval(weights, num_samples, batch_size, device):
    G = Generator(512)
    G.load_state_dict(weights)
    for p in G.parameters():
        p.requires_grad = False
    G.eval().to(device)
    out = []
    for batch_start in range(0, num_samples, batch_size):
        out.append(G(torch.randn([batch_size, 512], device=device)))  # ok: GPU205 (parameters frozen one by one)
    return out


def restore_images(kind, images, device):
    if kind == "wide":
        net = Generator(512)
    else:
        net = Generator(128)
    net.eval()
    for name, w in net.named_parameters():
        w.requires_grad=False
    net = net.to(device)
    out = []
    for img in images:
        out.append(net(img.to(device)))  # ok: GPU205 (named parameters frozen, written without spaces)
    return out


def linear_probe_accuracy(backbone, loader, device):  # expect: GPU205
    for name, w in backbone.named_parameters():
        if name not in ["fc.weight", "fc.bias"]:
            w.requires_grad = False
    backbone.eval().to(device)
    hits = []
    for images, labels in loader:
        hits.append(backbone(images.to(device)).argmax(1) == labels.to(device))  # the probe still needs a graph
    return hits


def evaluate_eval_mode_only(weights, num_samples, batch_size, device):  # expect: GPU205
    G = Generator(512)
    G.load_state_dict(weights)
    G.eval().to(device)
    out = []
    for batch_start in range(0, num_samples, batch_size):
        out.append(G(torch.randn([batch_size, 512], device=device)))
    return out
