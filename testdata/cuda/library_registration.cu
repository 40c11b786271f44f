// Operators registered with TORCH_LIBRARY / TORCH_LIBRARY_IMPL through
// torch/library.h, torch/all.h and ATen/Operators.h: the registration
// blocks parse, and the CUDA operator's device-wide sync is found.
// ok: GPU400
#include <ATen/Operators.h>
#include <ATen/cuda/CUDAContext.h>
#include <torch/all.h>
#include <torch/library.h>

__global__ void clamp_kernel(float* x, float lo, float hi, int64_t n) {
  int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n) x[i] = fminf(fmaxf(x[i], lo), hi);
}

at::Tensor clamp_cuda(const at::Tensor& x, double lo, double hi) {
  TORCH_CHECK(x.is_cuda());
  at::Tensor out = x.contiguous().clone();
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  clamp_kernel<<<(out.numel() + 255) / 256, 256, 0, stream>>>(out.data_ptr<float>(), lo, hi, out.numel());
  cudaDeviceSynchronize();  // expect: GPU401
  return out;
}

TORCH_LIBRARY(myext, m) { m.def("clamp(Tensor x, float lo, float hi) -> Tensor"); }

TORCH_LIBRARY_IMPL(myext, CUDA, m) { m.impl("clamp", &clamp_cuda); }
