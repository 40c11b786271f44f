// expect: GPU400 "vendor_fastmath/fastmath.cuh"
// The missing header's functions are used, so the file has an error and the
// note names the header; the launch later in the file is still checked. (The
// use inside the kernel alone would not count: errors in device code hide no
// host-side finding.)
#include "utils/ext_checks.h"
#include <vendor_fastmath/fastmath.cuh>

__global__ void scale_kernel(float* x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = vendor_fast_mul(x[i], s);
}

void scale(at::Tensor x, float s) {
  EXT_CHECK_CUDA(x);
  const int blocks = vendor_blocks_for(x.numel(), 256);
  scale_kernel<<<blocks, 256>>>(x.data_ptr<float>(), s, x.numel());  // expect: GPU404
  float first = x.item<float>();  // expect: GPU401
  (void)first;
}
