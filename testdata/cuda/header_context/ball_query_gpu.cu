// ok: GPU400
#include <torch/extension.h>

#include "grid_utils.h"

__global__ void ball_query_kernel(const float* xyz, int* idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) idx[i] = static_cast<int>(xyz[i]);
}

void ball_query(const at::Tensor& xyz, at::Tensor& idx) {
  const int n = xyz.numel();
  ball_query_kernel<<<(n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK, opt_n_threads(n)>>>(  // expect: GPU404
      xyz.data_ptr<float>(), idx.data_ptr<int>(), n);
}
