// A general-purpose device buffer: the operator beside it constructs one per
// call and uploads into it, and never calls the other methods. What the
// operator calls runs on every call; the rest never runs in this project.
#pragma once
#include <cstddef>
#include <cuda_runtime.h>

template <typename T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t n) : n_(n) { reserve(n * sizeof(T)); }
  ~DeviceBuffer() { cudaFree(ptr_); }
  void upload(const T* host) { cudaMemcpy(ptr_, host, n_ * sizeof(T), cudaMemcpyHostToDevice); }  // expect: GPU403 "in `upload`, which runs on every call of the operator"
  void download(T* host) const { cudaMemcpy(host, ptr_, n_ * sizeof(T), cudaMemcpyDeviceToHost); }  // ok: nothing calls download
  void zero() { cudaMemset(ptr_, 0, n_ * sizeof(T)); }  // ok: nothing calls zero
  void regrow(size_t n) { if (n != n_) { cudaFree(ptr_); reallocate(n * sizeof(T)); n_ = n; } }  // ok: nothing calls regrow
  void reallocate(size_t bytes) { cudaMalloc(&ptr_, bytes); }  // ok: only regrow calls it
  T* data() { return ptr_; }

 private:
  void reserve(size_t bytes) { cudaMalloc(&ptr_, bytes); }
  T* ptr_ = nullptr;
  size_t n_ = 0;
};
