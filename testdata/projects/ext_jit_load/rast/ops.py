# Compiles the extension at first use, as rasterisers do: the framework
# macro and the include folder are stated in the load() call, which gpulint
# reads from this text without running it.
import os

import torch.utils.cpp_extension

_plugin = None


def get_plugin():
    global _plugin
    if _plugin is None:
        here = os.path.dirname(__file__)
        _plugin = torch.utils.cpp_extension.load(
            name='rast_plugin',
            sources=[os.path.join(here, 'csrc', 'raster', 'torch_raster.cpp')],
            extra_cflags=['-DRAST_TORCH'],
            extra_include_paths=[os.path.join(here, 'csrc', 'framework')],
        )
    return _plugin
