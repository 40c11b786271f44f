// gpulint shim of c10's CUDA stream handle.
#pragma once
#include <cuda_runtime.h>
#include <ATen/ATen.h>
namespace c10::cuda {
class CUDAStream {
 public:
  operator cudaStream_t() const;
  cudaStream_t stream() const;
  void synchronize() const;
  c10::Device device() const;
};
CUDAStream getCurrentCUDAStream(int8_t device_index = -1);
CUDAStream getDefaultCUDAStream(int8_t device_index = -1);
CUDAStream getStreamFromPool(bool high_priority = false, int8_t device_index = -1);
void setCurrentCUDAStream(CUDAStream stream);
}  // namespace c10::cuda
namespace at::cuda {
using c10::cuda::CUDAStream;
using c10::cuda::getCurrentCUDAStream;
using c10::cuda::getDefaultCUDAStream;
using c10::cuda::getStreamFromPool;
using c10::cuda::setCurrentCUDAStream;
}  // namespace at::cuda
#define C10_CUDA_CHECK(expr) do { (void)(expr); } while (0)
#define C10_CUDA_KERNEL_LAUNCH_CHECK() C10_CUDA_CHECK(cudaGetLastError())
#define AT_CUDA_CHECK(expr) C10_CUDA_CHECK(expr)
