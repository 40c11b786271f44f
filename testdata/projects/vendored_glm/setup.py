# The extension vendors GLM (a checked-out submodule) and names it here.
import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

here = os.path.dirname(os.path.abspath(__file__))
setup(
    name='splat',
    ext_modules=[
        CUDAExtension(
            name='splat._C',
            sources=['csrc/splat.cu'],
            include_dirs=[os.path.join(here, 'third_party', 'glm')],
        )
    ],
    cmdclass={'build_ext': BuildExtension},
)
