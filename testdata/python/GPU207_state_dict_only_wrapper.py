# A DataParallel wrapper used only for its state dict (saving a checkpoint
# with the "module." keys an older loader expects, or reading one back) runs
# no forward, so nothing is replicated or gathered and no GPU waits. A
# wrapper that also runs the model is reported.
import torch
import torch.nn as nn


def export_legacy(net, path):
    legacy = nn.DataParallel(net)  # ok: GPU207 (only its state dict is saved)
    torch.save({"model_state": legacy.state_dict()}, path)


def convert(net, path):
    net = net.cuda().eval()
    net = nn.DataParallel(net)  # ok: GPU207 (rebinds the name; only the state dict is used after)
    torch.save(net.state_dict(), path)


def import_legacy(net, path):
    nn.DataParallel(net).load_state_dict(torch.load(path)["model_state"])  # ok: GPU207
    return net


def predict(net, path, batches):
    wrapped = nn.DataParallel(net.cuda())  # expect: GPU207 "DataParallel"
    wrapped.load_state_dict(torch.load(path)["model_state"])
    with torch.no_grad():
        return [wrapped(x.cuda(non_blocking=True)).argmax(1) for x in batches]
