// ok: GPU400
// Found only through the folder setup.py names (pkg/csrc/common/cuda): the
// .cu file that includes it sits in another branch of the tree.
#pragma once
template <typename T>
__global__ void roi_pool_forward_kernel(const T* input, const T* rois, T* output, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) output[i] = input[i] * rois[0];
}
