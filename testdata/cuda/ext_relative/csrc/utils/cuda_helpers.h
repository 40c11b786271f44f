// The extension's own helpers, included from ops/voxel/ as "utils/...":
// resolved from the csrc/ root above the including file.
#pragma once
#include <torch/extension.h>

#define CHECK_CUDA_INPUT(x) TORCH_CHECK((x).is_cuda() && (x).is_contiguous(), #x " must be a contiguous CUDA tensor")

inline int blocks_for(int64_t n, int threads) { return static_cast<int>((n + threads - 1) / threads); }
