#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>

// Updates one scalar of optimizer state on the device; there is exactly one unit of work.
__global__ void bump_counter_kernel(int* counter, const float* overflow, int limit) {
  if (*overflow > 0.f) {
    *counter = 0;
  } else if (++(*counter) >= limit) {
    *counter = 0;
  }
}

at::Tensor bump_counter(at::Tensor counter, const at::Tensor& overflow, int64_t limit) {
  auto stream = at::cuda::getCurrentCUDAStream();
  bump_counter_kernel<<<1, 1, 0, stream>>>(  // ok: a single scalar update, more threads would have nothing to do
      counter.data_ptr<int>(), overflow.data_ptr<float>(), static_cast<int>(limit));
  return counter;
}
