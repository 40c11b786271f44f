// ok: GPU400
// Kernels and their host launchers in a header that a .cu file includes (the
// shape of a layer library whose .cu files only glue the pieces together).
// Its findings belong to these lines: reported once, here, and not again at
// the includer's call sites.
#pragma once
#include <cuda_runtime.h>

__global__ void blur_rows_kernel(const float* in, float* out, int width, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= 0 || i >= n - 1) return;
  out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0f;
}

inline void launch_blur_rows(const float* in, float* out, int width, int n) {
  blur_rows_kernel<<<(n + 255) / 256, 256>>>(in, out, width, n);  // expect: GPU404
  cudaDeviceSynchronize();  // expect: GPU401
}

inline void launch_blur_rows_on(const float* in, float* out, int width, int n, cudaStream_t stream) {
  blur_rows_kernel<<<(n + 255) / 256, 256, 0, stream>>>(in, out, width, n);  // ok: GPU404 (its stream)
}
