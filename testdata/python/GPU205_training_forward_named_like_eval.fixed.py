# A learner whose `predict()` is also its training forward: `update()`
# backpropagates through what it returns, so no_grad on it would silently stop
# training. A loop under model.eval() that differentiates through the forward
# (a Hessian-vector product in a helper) is no evaluation pass either. Their
# twins, a scorer's `predict()` whose result is only counted and an eval loop
# whose helper only measures, still run evaluation with autograd on.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Learner(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(32, 5)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=1e-3)

    def predict(self, x):  # ok: GPU205 (update() backpropagates through its result)
        return self.net(x)

    def update(self, minibatches):
        losses = []
        for x, y in minibatches:
            losses.append(F.cross_entropy(self.predict(x), y))
        objective = torch.stack(losses).mean()
        self.opt.zero_grad()
        objective.backward()
        self.opt.step()


class Scorer:
    def __init__(self, net):
        self.net = net

    @torch.no_grad()
    def predict(self, x):  # expect: GPU205
        return self.net(x)

    def accuracy(self, pairs):
        right = 0
        for x, y in pairs:
            right += (self.predict(x).argmax(1) == y).sum()
        return right


def curvature_probe(model, feats, labels, vec, n_iters):
    def hvp(loss, weight, v):
        g = torch.autograd.grad(loss, weight, create_graph=True)[0].flatten()
        return torch.autograd.grad(g @ v, weight)[0].flatten()

    model.eval()  # dropout off; the gradients below are the point
    for i in range(n_iters):  # ok: GPU205 (it differentiates through the forward in hvp())
        loss = F.cross_entropy(model(feats), labels)
        vec = (vec - hvp(loss, model.weight, vec)).detach()
    return vec


@torch.no_grad()
def margin_probe(model, feats_batches, labels):  # expect: GPU205
    def margin(logits, y):
        return (logits.gather(1, y[:, None]) - logits.max(1).values).mean()

    model.eval()
    out = []
    for feats in feats_batches:
        out.append(margin(model(feats), labels))
    return out


learner = Learner().cuda()
for step in range(100):
    learner.update([(torch.randn(8, 32, device="cuda"), torch.randint(0, 5, (8,), device="cuda"))])
scorer = Scorer(learner.net)
for epoch in range(3):
    print(scorer.accuracy([(torch.randn(8, 32, device="cuda"), torch.randint(0, 5, (8,), device="cuda"))]))
