// gpulint shim of <torch/library.h>: operator registration. The blocks
// TORCH_LIBRARY / TORCH_LIBRARY_IMPL / TORCH_LIBRARY_FRAGMENT open become
// plain functions, so what they register parses and is checked.
#pragma once
#include <ATen/ATen.h>
namespace c10 {
enum class DispatchKey : int16_t { CPU, CUDA, Autograd, AutogradCPU, AutogradCUDA, Meta, CompositeImplicitAutograd };
}  // namespace c10
namespace torch {
using c10::DispatchKey;
class Library {
 public:
  template <typename Schema, typename... Extra> Library& def(Schema&& schema, Extra&&... extra) &;
  template <typename Name, typename F> Library& impl(Name&& name, F&& f) &;
  template <typename F> Library& fallback(F&& f) &;
};
class CppFunction {
 public:
  template <typename F> static CppFunction makeFromBoxedFunction();
  static CppFunction makeFallthrough();
};
template <typename F> CppFunction dispatch(DispatchKey key, F&& f);
template <typename... A> const char* schema(A&&...);
}  // namespace torch
#define GPULINT_LIBRARY_BLOCK(tag, ns, m) static void tag##_##ns(::torch::Library& m)
#define TORCH_LIBRARY(ns, m) GPULINT_LIBRARY_BLOCK(gpulint_torch_library, ns, m)
#define TORCH_LIBRARY_FRAGMENT(ns, m) GPULINT_LIBRARY_BLOCK(gpulint_torch_library_fragment_##__LINE__, ns, m)
#define TORCH_LIBRARY_IMPL(ns, k, m) GPULINT_LIBRARY_BLOCK(gpulint_torch_library_impl_##k, ns, m)
#define TORCH_FN(f) (f)
