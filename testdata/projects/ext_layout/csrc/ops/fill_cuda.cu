// Project-relative includes (a parent folder, the include/ root) resolve; a
// third-party header found nowhere is skipped and the launch after it is
// still checked. Nothing from the missing header is used: no GPU400 note.
// The torch include is reached only through utils/ext_checks.h.
// ok: GPU400
#include "utils/ext_checks.h"
#include <ext_math.h>
#include <vendor_fastmath/fastmath.cuh>

__global__ void fill_kernel(float* out, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = v;
}

void fill(at::Tensor out, float v) {
  EXT_CHECK_CUDA(out);
  ExtLaunchShape shape{ext_ceil_div(out.numel(), 256), 256};
  fill_kernel<<<shape.blocks, shape.threads>>>(out.data_ptr<float>(), v, out.numel());  // expect: GPU404 "legacy default stream"
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  fill_kernel<<<shape.blocks, shape.threads, 0, stream>>>(out.data_ptr<float>(), v, out.numel());  // ok: GPU404
}
