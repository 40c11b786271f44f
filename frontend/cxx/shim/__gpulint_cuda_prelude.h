// gpulint's CUDA prelude, force-included into CUDA files: nvcc includes
// cuda_runtime.h implicitly, so kernels often compile without naming it.
// Resolves to the real header when the include path has one, else to
// gpulint's shim.
#pragma once
#include <cuda_runtime.h>
