from .build import build_aux_loaders, build_loader
