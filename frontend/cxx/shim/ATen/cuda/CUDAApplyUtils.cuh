// gpulint shim of <ATen/cuda/CUDAApplyUtils.cuh>: the launch-size helpers
// old extensions take from it (its element-wise apply kernels are not modelled).
#pragma once
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/Atomic.cuh>
#include <THC/THCDeviceUtils.cuh>
namespace at::cuda {
template <typename T, typename U> __host__ __device__ T ATenCeilDiv(T a, U b) { return (a + b - 1) / b; }
bool getApplyGrid(uint64_t total_elements, dim3& grid, int64_t device, int max_threads_per_block = 512);
dim3 getApplyBlock(int max_threads_per_block = 512);
}  // namespace at::cuda
