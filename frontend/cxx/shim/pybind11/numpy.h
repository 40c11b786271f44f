// gpulint shim of <pybind11/numpy.h>: array_t and its buffer access.
#pragma once
#include <pybind11/pybind11.h>
#include <vector>
namespace pybind11 {
template <typename T, int Flags = 0> class array_t : public array {
 public:
  enum { c_style = 1, forcecast = 16 };
  array_t();
  template <typename... A> array_t(A&&... args);
  buffer_info request(bool writable = false) const;
  const T* data(...) const;
  T* mutable_data(...);
  ssize_t size() const;
  ssize_t ndim() const;
  ssize_t shape(ssize_t dim) const;
  template <size_t N = 0> auto unchecked() const;
  template <size_t N = 0> auto mutable_unchecked();
};
}  // namespace pybind11
