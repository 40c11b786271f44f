// gpulint shim of <ATen/cuda/CUDAContext.h>: current stream and device queries.
#pragma once
#include <cuda_runtime.h>
#include <ATen/ATen.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAStream.h>
namespace at::cuda {
int getNumGPUs();
}  // namespace at::cuda
