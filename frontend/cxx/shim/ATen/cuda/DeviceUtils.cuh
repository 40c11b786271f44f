// gpulint shim of <ATen/cuda/DeviceUtils.cuh>: warp shuffles that work on
// any element type, and the block/warp helpers around them.
#pragma once
#include <cuda_runtime.h>
#include <ATen/ATen.h>
#if defined(__CUDA__)
template <typename T> __device__ T WARP_SHFL_XOR(T value, int lane_mask, int width = 32, unsigned mask = 0xffffffffu);
template <typename T> __device__ T WARP_SHFL(T value, int lane, int width = 32, unsigned mask = 0xffffffffu);
template <typename T> __device__ T WARP_SHFL_UP(T value, unsigned delta, int width = 32, unsigned mask = 0xffffffffu);
template <typename T>
__device__ T WARP_SHFL_DOWN(T value, unsigned delta, int width = 32, unsigned mask = 0xffffffffu);
__device__ unsigned WARP_BALLOT(int predicate, unsigned mask = 0xffffffffu);
__device__ int WARP_ANY(int predicate, unsigned mask = 0xffffffffu);
template <typename T> __device__ T doLdg(const T* p);
#endif
