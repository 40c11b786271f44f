// gpulint's CUDA prelude, force-included into CUDA files: nvcc includes
// cuda_runtime.h implicitly, so kernels often compile without naming it.
// Resolves to the real header when the include path has one, else to
// gpulint's shim.
#pragma once
// clang's CUDA wrapper of <new> calls ::malloc and ::free.
#include <stdlib.h>
#include <cuda_runtime.h>
