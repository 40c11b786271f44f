import torch


def load_checkpoint(config, model):
    checkpoint = torch.load(config.MODEL_PATH, map_location="cpu")
    model.load_state_dict(checkpoint["model"])
    config.defrost()
    # A resumed run starts later; a fresh run starts at the default.
    config.TRAIN.START_EPOCH = checkpoint["epoch"] + 1
    config.freeze()
