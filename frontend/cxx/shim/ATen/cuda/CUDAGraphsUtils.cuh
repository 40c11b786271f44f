// gpulint shim of <ATen/cuda/CUDAGraphsUtils.cuh>: unpacking the Philox
// state on the device (graph-capture safe).
#pragma once
#include <ATen/cuda/CUDAGeneratorImpl.h>
#include <cuda_runtime.h>

#include <tuple>
namespace at::cuda::philox {
__host__ __device__ std::tuple<uint64_t, uint64_t> unpack(at::PhiloxCudaState state);
}  // namespace at::cuda::philox
namespace at::cuda {
bool currentStreamCaptureStatus();
}  // namespace at::cuda
