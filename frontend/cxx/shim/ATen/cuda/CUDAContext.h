// gpulint shim of <ATen/cuda/CUDAContext.h>: current stream, device
// queries and library handles; like the real header it brings the status
// checks of <ATen/cuda/Exceptions.h> and the cuBLAS types.
#pragma once
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <ATen/ATen.h>
#include <ATen/cuda/Exceptions.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAStream.h>
namespace at::cuda {
int64_t getNumGPUs();
bool is_available();
cudaDeviceProp* getCurrentDeviceProperties();
cudaDeviceProp* getDeviceProperties(int64_t device);
int warp_size();
bool canDeviceAccessPeer(int64_t device, int64_t peer);
using c10::cuda::current_device;
using c10::cuda::device_count;
using c10::cuda::device_synchronize;
namespace detail {
bool canUse32BitIndexMath(const at::Tensor& t, int64_t max_elem = 2147483647);
}  // namespace detail
}  // namespace at::cuda
