// Found from csrc/, a parent folder of the files that include it.
#pragma once
#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>
#define EXT_CHECK_CUDA(x) TORCH_CHECK((x).is_cuda(), #x " must be a CUDA tensor")
struct ExtLaunchShape {
  int blocks;
  int threads;
};
