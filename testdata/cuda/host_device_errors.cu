// expect: GPU400 "__vendor_round_up"
// A __host__ __device__ function runs on the host too: an error in it is
// unresolved host code, and the summary counts the file.
#include <torch/extension.h>

__host__ __device__ inline int blocks_for(int n) { return __vendor_round_up(n, 256) / 256; }

__global__ void zero_kernel(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 0.f;
}

void zero(at::Tensor& x) {
  const int n = x.numel();
  zero_kernel<<<blocks_for(n), 256>>>(x.data_ptr<float>(), n);  // expect: GPU404
}
