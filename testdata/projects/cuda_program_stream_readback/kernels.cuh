// The program's kernels and their launchers (a header, as CUDA programs
// often keep them): what a launcher queues is not seen from trainer.cu.
#pragma once
#include <cuda_runtime.h>

__global__ void square_error(float* err, const float* pred, const int* tgt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float d = pred[i] - static_cast<float>(tgt[i]);
    err[i] = d * d;
  }
}

inline void launch_square_error(float* err, const float* pred, const int* tgt, int n, cudaStream_t stream) {
  square_error<<<(n + 255) / 256, 256, 0, stream>>>(err, pred, tgt, n);
}
