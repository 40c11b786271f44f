// ok: GPU400
// A helper header that the .cu file beside it includes is parsed as CUDA:
// its host code sizes grids with CUDA's min and max, as nvcc allows.
#pragma once
#include <cmath>

#define THREADS_PER_BLOCK 256

inline int opt_n_threads(int work_size) {
  const int pow_2 = std::log(static_cast<double>(work_size)) / std::log(2.0);
  return max(min(1 << pow_2, 1024), 1);
}
