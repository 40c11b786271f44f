// gpulint shim of <c10/cuda/CUDACachingAllocator.h>: PyTorch's caching
// allocator of device memory (an allocation from its cache is no cudaMalloc).
#pragma once
#include <c10/core/Allocator.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime.h>
namespace c10::cuda::CUDACachingAllocator {
class CUDAAllocator : public Allocator {
 public:
  virtual void* raw_alloc(size_t bytes);
  virtual void* raw_alloc_with_stream(size_t bytes, cudaStream_t stream);
  virtual void raw_delete(void* ptr);
  virtual void emptyCache();
  virtual void recordStream(const DataPtr& ptr, CUDAStream stream);
};
CUDAAllocator* get();
void* raw_alloc(size_t bytes);
void* raw_alloc_with_stream(size_t bytes, cudaStream_t stream);
void raw_delete(void* ptr);
void emptyCache();
void recordStream(const DataPtr& ptr, CUDAStream stream);
}  // namespace c10::cuda::CUDACachingAllocator
