# A linear probe on a frozen backbone (model.eval() at module level) reports
# a dict of results: a loop over its keys prints host floats once each, no
# evaluation batch loop. A loop over the probe batches that prints every
# batch still logs per step.
import torch
import torch.nn as nn

encoder = nn.Linear(32, 32).cuda()
encoder.eval()
test_results = {"probe_a": {"top1": 70.2}, "probe_b": {"top1": 68.9}}
best = 0.0
for head in test_results:
    print(f"{head}: {test_results[head]['top1']:.1f}%")  # ok: GPU206 (keys of a results dict, printed once each)
    best = max(best, test_results[head]["top1"])

test_batches = [torch.randn(16, 32) for _ in range(10)]
for feats in test_batches:  # expect: GPU205
    out = encoder(feats.cuda())
    print(out.shape)  # expect: GPU206
