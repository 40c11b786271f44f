// gpulint shim of <ATen/cuda/Atomic.cuh>: atomics on the element types
// kernels accumulate into (the float/int ones come from the CUDA runtime).
#pragma once
#include <cuda_runtime.h>
#include <ATen/ATen.h>
#if defined(__CUDA__)
__device__ c10::Half atomicAdd(c10::Half* address, c10::Half value);
__device__ c10::BFloat16 atomicAdd(c10::BFloat16* address, c10::BFloat16 value);
__device__ long long atomicAdd(long long* address, long long value);
__device__ int64_t atomicAdd(int64_t* address, int64_t value);
__device__ double atomicMax(double* address, double value);
__device__ float atomicMax(float* address, float value);
__device__ float atomicMin(float* address, float value);
template <typename T> __device__ T gpuAtomicAdd(T* address, T value);
template <typename T> __device__ void gpuAtomicAddNoReturn(T* address, T value);
template <typename T> __device__ T gpuAtomicMax(T* address, T value);
template <typename T> __device__ T gpuAtomicMin(T* address, T value);
template <typename T> __device__ T gpuAtomicMul(T* address, T value);
template <typename T> __device__ T fastAtomicAdd(T* tensor, size_t index, size_t numel, T value, bool fast = true);
#endif
