// gpulint shim of <cub/util_ptx.cuh>: the warp and thread-index helpers
// cub's collectives are written with. Declarations only.
#pragma once
#include <cub/config.cuh>
namespace cub {
__device__ unsigned int LaneId();
__device__ unsigned int WarpId();
__host__ __device__ int RowMajorTid(int block_dim_x, int block_dim_y, int block_dim_z);
template <int LOGICAL_WARP_THREADS> __host__ __device__ unsigned int WarpMask(unsigned int warp_id);
template <int LOGICAL_WARP_THREADS, typename T>
__device__ T ShuffleUp(T input, int src_offset, int first_thread, unsigned int member_mask);
template <int LOGICAL_WARP_THREADS, typename T>
__device__ T ShuffleDown(T input, int src_offset, int last_thread, unsigned int member_mask);
template <int LOGICAL_WARP_THREADS, typename T>
__device__ T ShuffleIndex(T input, int src_lane, unsigned int member_mask);
__device__ void CTA_SYNC();
__device__ int CTA_SYNC_AND(int predicate);
__device__ void WARP_SYNC(unsigned int member_mask);
__device__ int WARP_ALL(int predicate, unsigned int member_mask);
__device__ int WARP_ANY(int predicate, unsigned int member_mask);
}  // namespace cub
