// gpulint shim of <ATen/cudnn/Handle.h>: PyTorch's per-device cuDNN handle.
#pragma once
#include <cudnn.h>
namespace at::native {
cudnnHandle_t getCudnnHandle();
}  // namespace at::native
