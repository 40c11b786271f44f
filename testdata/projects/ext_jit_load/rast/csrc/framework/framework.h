// ok: GPU400
// Shared by the framework bindings: torch and the check macro exist only in
// the build that defines RAST_TORCH (the load() call in rast/ops.py does).
#pragma once
#ifdef RAST_TORCH
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#define RAST_CHECK_CUDA_ERROR(CALL) do { cudaError_t err = CALL; TORCH_CHECK(!err, "CUDA error"); } while (0)
#endif
