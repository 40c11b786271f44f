# Builds the extension the way detection libraries do: the kernels' folder
# and the CUDA macro are stated here, not in the sources. gpulint reads
# them from this text (it never runs it).
import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension


def get_extensions():
    # define_macros = [('PKG_USE_PARROTS', None)]
    define_macros = []
    include_dirs = []
    extra_compile_args = {'cxx': []}
    include_dirs.append(os.path.abspath('./pkg/csrc/common'))
    if os.getenv('PKG_WITH_MLU', '0') == '1':
        define_macros += [('PKG_WITH_MLU', None)]
        include_dirs.append(os.path.abspath('./pkg/csrc/common/mlu'))
    else:
        define_macros += [('PKG_WITH_CUDA', None)]
        include_dirs.append(os.path.abspath('./pkg/csrc/common/cuda'))
        extra_compile_args['nvcc'] = ['-DPKG_BLOCK_SIZE=256', '-D__CUDA_NO_HALF_OPERATORS__']
    return [
        CUDAExtension(
            name='pkg._ext',
            sources=['pkg/csrc/pytorch/cuda/roi_pool_cuda.cu'],
            include_dirs=include_dirs,
            define_macros=define_macros,
            extra_compile_args=extra_compile_args,
        )
    ]


setup(name='pkg', ext_modules=get_extensions(), cmdclass={'build_ext': BuildExtension})
