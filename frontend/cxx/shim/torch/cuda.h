// gpulint shim of <torch/cuda.h>.
#pragma once
#include <cstddef>
namespace torch::cuda {
size_t device_count();
bool is_available();
void synchronize(int64_t device_index = -1);
}  // namespace torch::cuda
