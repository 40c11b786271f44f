// gpulint shim of torch::autograd's custom functions: a Function<T> whose
// static forward/backward take an AutogradContext.
#pragma once
#include <ATen/ATen.h>
namespace torch::autograd {
using Variable = at::Tensor;
using variable_list = std::vector<at::Tensor>;
using tensor_list = std::vector<at::Tensor>;
struct SavedVariable {
  at::Tensor unpack() const;
};
struct IValue {
  template <typename T> IValue(T&& value);
  IValue();
  double toDouble() const;
  int64_t toInt() const;
  bool toBool() const;
  at::Tensor toTensor() const;
  std::vector<int64_t> toIntVector() const;
};
struct AutogradContext {
  void save_for_backward(variable_list to_save);
  variable_list get_saved_variables() const;
  void mark_dirty(const variable_list& inputs);
  void mark_non_differentiable(const variable_list& outputs);
  void set_materialize_grads(bool on);
  bool needs_input_grad(size_t index) const;
  std::unordered_map<std::string, IValue> saved_data;
};
void increment_version(const at::Tensor& tensor);
template <typename T> struct Function {
  template <typename... Args> static auto apply(Args&&... args);
};
}  // namespace torch::autograd
namespace torch {
using autograd::AutogradContext;
using autograd::Variable;
using autograd::variable_list;
using at::NoGradGuard;
using IValue = autograd::IValue;
}  // namespace torch
