"""Feature helpers called once per step from train.py."""
import torch


def mel_features(y, n_fft):
    # The test itself reads the GPU tensor on every call, not only the rare print.
    if torch.min(y) < -1.0:
        print("min value is", torch.min(y))
    spec = torch.stft(y, n_fft, return_complex=True).abs()
    return spec


def clip_features(spec, sharded, params, model):
    if sharded:
        # One configuration's path: not every call's.
        if spec.max() > 1e4:
            spec = spec.clamp(max=1e4)
    if params == [p for p in model.parameters()]:  # a list comparison, no tensor truth value
        spec = spec * 1.0
    return spec
