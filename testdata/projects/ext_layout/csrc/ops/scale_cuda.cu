// expect: GPU400 "vendor_fastmath/fastmath.cuh"
// The missing header's function is used, so the file has an error and the
// note names the header; the launch later in the file is still checked.
#include "utils/ext_checks.h"
#include <vendor_fastmath/fastmath.cuh>

__global__ void scale_kernel(float* x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = vendor_fast_mul(x[i], s);
}

void scale(at::Tensor x, float s) {
  EXT_CHECK_CUDA(x);
  scale_kernel<<<(x.numel() + 255) / 256, 256>>>(x.data_ptr<float>(), s, x.numel());  // expect: GPU404
  float first = x.item<float>();  // expect: GPU401
  (void)first;
}
