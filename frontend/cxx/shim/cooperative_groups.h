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
template <unsigned Size, typename Parent = void> class thread_block_tile : public thread_group {
 public:
  template <typename T> __device__ T shfl_down(T value, unsigned delta) const;
  template <typename T> __device__ T shfl_up(T value, unsigned delta) const;
  template <typename T> __device__ T shfl_xor(T value, unsigned lane_mask) const;
  template <typename T> __device__ T shfl(T value, int lane) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ unsigned ballot(int predicate) const;
  __device__ unsigned meta_group_rank() const;
  __device__ unsigned meta_group_size() const;
};
// The whole grid of a cooperative launch.
class grid_group : public thread_group {
 public:
  struct arrival_token {};
  __device__ bool is_valid() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ dim3 group_dim() const;
  __device__ arrival_token barrier_arrive();
  __device__ void barrier_wait(arrival_token&& token);
};
// A thread-block cluster (compute capability 9.0): its blocks can read
// each other's shared memory.
class cluster_group : public thread_group {
 public:
  struct arrival_token {};
  __device__ unsigned block_rank() const;
  __device__ unsigned num_blocks() const;
  __device__ dim3 dim_blocks() const;
  __device__ dim3 block_index() const;
  __device__ unsigned query_shared_rank(const void* address) const;
  template <typename T> __device__ T* map_shared_rank(T* address, int rank) const;
  __device__ arrival_token barrier_arrive() const;
  __device__ void barrier_wait() const;
  __device__ void barrier_wait(arrival_token&& token) const;
};
class coalesced_group : public thread_group {
 public:
  template <typename T> __device__ T shfl(T value, int lane) const;
  __device__ unsigned ballot(int predicate) const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ cluster_group this_cluster();
__device__ coalesced_group coalesced_threads();
template <unsigned Size, typename Parent> __device__ thread_block_tile<Size> tiled_partition(const Parent& parent);
__device__ thread_group tiled_partition(const thread_group& parent, unsigned size);
__device__ void sync(const thread_group& group);
namespace details {
// Used by hand-written grid barriers copied from the real header's internals.
__device__ bool bar_has_flipped(unsigned old_arrive, unsigned current_arrive);
}  // namespace details
}  // namespace cooperative_groups
// The inline-assembly constraint for a generic pointer (64-bit).
#define _CG_ASM_PTR_CONSTRAINT "l"

