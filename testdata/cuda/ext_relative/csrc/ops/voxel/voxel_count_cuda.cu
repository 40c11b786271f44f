// A project-relative include ("utils/cuda_helpers.h" from csrc/) resolves, so
// its macro and helper parse; the stream-less launch is found.
// ok: GPU400
#include "utils/cuda_helpers.h"

__global__ void voxel_count_kernel(const int64_t* voxel, int* counts, int64_t n) {
  int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n) atomicAdd(&counts[voxel[i]], 1);
}

void voxel_count(const at::Tensor& voxel, at::Tensor& counts) {
  CHECK_CUDA_INPUT(voxel);
  CHECK_CUDA_INPUT(counts);
  const int64_t n = voxel.numel();
  voxel_count_kernel<<<blocks_for(n, 256), 256>>>(  // expect: GPU404
      voxel.data_ptr<int64_t>(), counts.data_ptr<int>(), n);
}
