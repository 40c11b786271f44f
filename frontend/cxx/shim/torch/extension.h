// gpulint shim of <torch/extension.h>: ATen, torch::cuda and pybind11's
// module macro, reduced to declarations. Used only when the real header is
// not on the include path.
#pragma once
#include <ATen/ATen.h>
#include <torch/cuda.h>

namespace pybind11 {
struct arg {
  explicit arg(const char* name);
  template <typename T> arg& operator=(const T& value);
};
class module_ {
 public:
  template <typename F, typename... Extra> module_& def(const char* name, F&& f, const Extra&... extra);
  module_ def_submodule(const char* name, const char* doc = nullptr);
};
using module = module_;
}  // namespace pybind11

#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME gpulint_extension
#endif
#define PYBIND11_MODULE(name, variable)                                  \
  static void pybind11_init_##name(::pybind11::module_& variable);       \
  extern "C" void* PyInit_##name();                                      \
  static void pybind11_init_##name(::pybind11::module_& variable)
#define TORCH_LIBRARY(ns, m) static void torch_library_init_##ns(::pybind11::module_& m)
