// gpulint shim of <torch/csrc/cuda/CUDAPluggableAllocator.h>: a caching
// allocator built from a user's allocate and free functions.
#pragma once
#include <c10/cuda/CUDACachingAllocator.h>

#include <functional>
#include <memory>
namespace torch::cuda::CUDAPluggableAllocator {
class CUDAPluggableAllocator : public c10::cuda::CUDACachingAllocator::CUDAAllocator {
 public:
  CUDAPluggableAllocator(std::function<void*(size_t, int, cudaStream_t)> alloc_fn,
                         std::function<void(void*, size_t, int, cudaStream_t)> free_fn);
};
std::shared_ptr<c10::cuda::CUDACachingAllocator::CUDAAllocator> createCustomAllocator(
    std::function<void*(size_t, int, cudaStream_t)> alloc_fn, std::function<void(void*, size_t, int, cudaStream_t)> free_fn);
void changeCurrentAllocator(const std::shared_ptr<c10::cuda::CUDACachingAllocator::CUDAAllocator>& allocator);
}  // namespace torch::cuda::CUDAPluggableAllocator
