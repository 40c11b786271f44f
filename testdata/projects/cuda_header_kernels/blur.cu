// ok: GPU400
// The extension's .cu file: it includes the kernel header and calls its
// launchers. The header's launch and sync are reported at the header's
// lines only; this file's own stream-less launch is reported here.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

#include "kernels/blur.cuh"

__global__ void scale_kernel(float* x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

at::Tensor blur(const at::Tensor& input) {
  at::Tensor out = at::empty_like(input);
  const int n = input.numel();
  launch_blur_rows(input.data_ptr<float>(), out.data_ptr<float>(), n, n);  // ok: GPU404 (reported in the header)
  launch_blur_rows_on(input.data_ptr<float>(), out.data_ptr<float>(), n, n, at::cuda::getCurrentCUDAStream());
  scale_kernel<<<(n + 255) / 256, 256>>>(out.data_ptr<float>(), 0.5f, n);  // expect: GPU404
  return out;
}
