// gpulint shim of <ATen/cuda/CUDAUtils.h>: the same-device check of a list
// of tensors.
#pragma once
#include <ATen/ATen.h>
namespace at::cuda {
bool check_device(ArrayRef<Tensor> tensors);
}  // namespace at::cuda
