// gpulint shim of <THC/THCDeviceUtils.cuh>: ceil division and warp shuffles.
#pragma once
#include <ATen/cuda/DeviceUtils.cuh>
template <typename T> __host__ __device__ T THCCeilDiv(T a, T b) { return (a + b - 1) / b; }
template <typename T> __host__ __device__ T THCRoundUp(T a, T b) { return THCCeilDiv(a, b) * b; }
