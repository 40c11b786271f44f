// gpulint shim of <torch/csrc/utils/tensor_flatten.h>: packing a list of
// tensors into one flat buffer and back (optimizers and communication
// buckets call it).
#pragma once
#include <ATen/ATen.h>
namespace torch::utils {
at::Tensor flatten_dense_tensors(at::TensorList tensors);
std::vector<at::Tensor> unflatten_dense_tensors(const at::Tensor& flat, at::TensorList tensors);
}  // namespace torch::utils
