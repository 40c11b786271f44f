// gpulint shim of <cub/block/block_load.cuh>: a block's cooperative load
// of ITEMS_PER_THREAD items per thread. Declarations only.
#pragma once
#include <cub/config.cuh>
namespace cub {
enum BlockLoadAlgorithm { BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE,
                          BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED };
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
 public:
  struct TempStorage {};
  __device__ BlockLoad();
  __device__ explicit BlockLoad(TempStorage& storage);
  template <typename InputIterator> __device__ void Load(InputIterator block_src, T (&items)[ITEMS_PER_THREAD]);
  template <typename InputIterator>
  __device__ void Load(InputIterator block_src, T (&items)[ITEMS_PER_THREAD], int valid_items);
  template <typename InputIterator, typename Default>
  __device__ void Load(InputIterator block_src, T (&items)[ITEMS_PER_THREAD], int valid_items, Default oob_default);
};
template <typename T, int ITEMS_PER_THREAD, typename InputIterator>
__device__ void LoadDirectBlocked(int linear_tid, InputIterator block_src, T (&items)[ITEMS_PER_THREAD]);
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename InputIterator>
__device__ void LoadDirectStriped(int linear_tid, InputIterator block_src, T (&items)[ITEMS_PER_THREAD]);
}  // namespace cub
