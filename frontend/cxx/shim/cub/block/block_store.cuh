// gpulint shim of <cub/block/block_store.cuh>: a block's cooperative store
// of ITEMS_PER_THREAD items per thread. Declarations only.
#pragma once
#include <cub/config.cuh>
namespace cub {
enum BlockStoreAlgorithm { BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE,
                           BLOCK_STORE_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED };
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore {
 public:
  struct TempStorage {};
  __device__ BlockStore();
  __device__ explicit BlockStore(TempStorage& storage);
  template <typename OutputIterator> __device__ void Store(OutputIterator block_dst, T (&items)[ITEMS_PER_THREAD]);
  template <typename OutputIterator>
  __device__ void Store(OutputIterator block_dst, T (&items)[ITEMS_PER_THREAD], int valid_items);
};
template <typename T, int ITEMS_PER_THREAD, typename OutputIterator>
__device__ void StoreDirectBlocked(int linear_tid, OutputIterator block_dst, T (&items)[ITEMS_PER_THREAD]);
}  // namespace cub
