// ok: GPU400
// A header that launches its kernels with c10/at API but includes only a
// piece of c10 itself: the files that include it brought torch in first, so
// it is parsed with torch, and its launch on the current stream is silent.
#pragma once
#include <c10/macros/Macros.h>
#include <cstdint>

template <typename T>
__global__ void masked_scale_kernel(T* x, const uint8_t* mask, float scale, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = mask[i] ? static_cast<T>(0) : static_cast<T>(x[i] * scale);
}

template <typename T>
void dispatch_masked_scale(T* x, const uint8_t* mask, float scale, int n) {
  TORCH_INTERNAL_ASSERT(n >= 0);
  const c10::cuda::CUDAStream stream = at::cuda::getCurrentCUDAStream();
  masked_scale_kernel<T><<<(n + 127) / 128, 128, 0, stream>>>(x, mask, scale, n);  // ok: GPU404
}
