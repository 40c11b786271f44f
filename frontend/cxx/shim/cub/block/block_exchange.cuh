// gpulint shim of <cub/block/block_exchange.cuh>: rearranging a block's
// items between blocked and striped layouts. Declarations only.
#pragma once
#include <cub/config.cuh>
namespace cub {
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockExchange {
 public:
  struct TempStorage {};
  __device__ BlockExchange();
  __device__ explicit BlockExchange(TempStorage& storage);
  template <typename U> __device__ void StripedToBlocked(const T (&input)[ITEMS_PER_THREAD], U (&output)[ITEMS_PER_THREAD]);
  template <typename U> __device__ void BlockedToStriped(const T (&input)[ITEMS_PER_THREAD], U (&output)[ITEMS_PER_THREAD]);
  template <typename U> __device__ void WarpStripedToBlocked(const T (&input)[ITEMS_PER_THREAD], U (&output)[ITEMS_PER_THREAD]);
  template <typename U> __device__ void BlockedToWarpStriped(const T (&input)[ITEMS_PER_THREAD], U (&output)[ITEMS_PER_THREAD]);
  __device__ void StripedToBlocked(T (&items)[ITEMS_PER_THREAD]);
  __device__ void BlockedToStriped(T (&items)[ITEMS_PER_THREAD]);
};
}  // namespace cub
