// A scratch-buffer helper that a program and an operator source both
// include: the operator calls it on every call, so its allocation is
// reported as in any helper of an operator.
#pragma once
#include <cuda_runtime.h>

inline float* scratch(size_t n) {
  float* buffer = nullptr;
  cudaMalloc(&buffer, n * sizeof(float));  // expect: GPU402
  return buffer;
}
