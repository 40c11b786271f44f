// gpulint shim of c10's device guards.
#pragma once
#include <c10/cuda/CUDAStream.h>
namespace c10::cuda {
struct CUDAGuard { explicit CUDAGuard(c10::Device device); explicit CUDAGuard(int8_t index); };
struct OptionalCUDAGuard {
  OptionalCUDAGuard();
  explicit OptionalCUDAGuard(c10::Device device);
  explicit OptionalCUDAGuard(int8_t index);
  explicit OptionalCUDAGuard(std::optional<c10::Device> device);  // OptionalCUDAGuard g(device_of(x))
};
struct CUDAStreamGuard { explicit CUDAStreamGuard(CUDAStream stream); };
}  // namespace c10::cuda
namespace at::cuda {
using c10::cuda::CUDAGuard;
using c10::cuda::CUDAStreamGuard;
using c10::cuda::OptionalCUDAGuard;
}  // namespace at::cuda
