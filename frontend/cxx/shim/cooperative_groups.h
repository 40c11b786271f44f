// gpulint shim of <cooperative_groups.h>: the thread-group handles kernels
// synchronise on, as declarations.
#pragma once
#include <cuda_runtime.h>
namespace cooperative_groups {
class thread_group {
 public:
  __device__ void sync() const;
  __device__ unsigned size() const;
  __device__ unsigned thread_rank() const;
};
class thread_block : public thread_group {
 public:
  __device__ dim3 group_index() const;
  __device__ dim3 thread_index() const;
};
template <unsigned Size> class thread_block_tile : public thread_group {
 public:
  template <typename T> __device__ T shfl_down(T value, unsigned delta) const;
  template <typename T> __device__ T shfl(T value, int lane) const;
};
class coalesced_group : public thread_group {
 public:
  template <typename T> __device__ T shfl(T value, int lane) const;
  __device__ unsigned ballot(int predicate) const;
};
__device__ thread_block this_thread_block();
__device__ coalesced_group coalesced_threads();
template <unsigned Size, typename Parent> __device__ thread_block_tile<Size> tiled_partition(const Parent& parent);
__device__ thread_group tiled_partition(const thread_group& parent, unsigned size);
__device__ void sync(const thread_group& group);
}  // namespace cooperative_groups
