// gpulint shim of <cub/block/block_raking_layout.cuh>: the shared-memory
// grid a block's raking reductions and scans use.
#pragma once
#include <cub/config.cuh>
#include <cub/util_type.cuh>
namespace cub {
template <typename T, int BLOCK_THREADS, int LEGACY_PTX_ARCH = 0> struct BlockRakingLayout {
  enum {
    SHARED_ELEMENTS = BLOCK_THREADS,
    MAX_RAKING_THREADS = BLOCK_THREADS < 32 ? BLOCK_THREADS : 32,
    SEGMENT_LENGTH = (SHARED_ELEMENTS + MAX_RAKING_THREADS - 1) / MAX_RAKING_THREADS,
    RAKING_THREADS = (SHARED_ELEMENTS + SEGMENT_LENGTH - 1) / SEGMENT_LENGTH,
    HAS_CONFLICTS = 0,
    CONFLICT_DEGREE = 1,
    USE_SEGMENT_PADDING = 0,
    GRID_ELEMENTS = RAKING_THREADS * SEGMENT_LENGTH,
    UNGUARDED = (SHARED_ELEMENTS % RAKING_THREADS == 0),
  };
  struct _TempStorage {
    T buff[GRID_ELEMENTS];
  };
  struct TempStorage : Uninitialized<_TempStorage> {};
  static __device__ T* PlacementPtr(TempStorage& temp_storage, unsigned int linear_tid);
  static __device__ T* RakingPtr(TempStorage& temp_storage, unsigned int linear_tid);
};
}  // namespace cub
