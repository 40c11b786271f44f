// A CHECK_CUDA(call, debug) macro that synchronises only when the caller
// passes debug=true: normal runs never wait, so GPU401 stays silent there; an
// unconditional synchronise in the same operator is still found.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <cstdio>

#define CHECK_CUDA(A, debug)                                   \
  A;                                                           \
  if (debug) {                                                 \
    auto ret = cudaDeviceSynchronize();                        \
    if (ret != cudaSuccess) printf("%s\n", cudaGetErrorString(ret)); \
  }

__global__ void scale_kernel(float* x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

torch::Tensor scale(torch::Tensor x, double s, bool debug) {
  const int n = static_cast<int>(x.numel());
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  CHECK_CUDA((scale_kernel<<<(n + 255) / 256, 256, 0, stream>>>(x.data_ptr<float>(), static_cast<float>(s), n)), debug)  // ok: GPU401 (only with debug)
  bool verbose_sync = debug && n > 0;
  if (verbose_sync) cudaDeviceSynchronize();  // ok: GPU401 (a debug flag)
  if (n > 1024) cudaDeviceSynchronize();  // expect: GPU401 "cudaDeviceSynchronize"
  return x;
}
