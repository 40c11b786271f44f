// gpulint's torch prelude, force-included when a header analysed on its own
// names at::, c10:: or torch:: without including a torch header: the files
// that include it brought torch in first (and, for CUDA code, the CUDA
// context and guards). Resolves to the real headers when the include path
// has them, else to gpulint's shim.
#pragma once
#include <ATen/ATen.h>
#if defined(__CUDA__)
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#endif
