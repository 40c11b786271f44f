// gpulint shim of <cub/cub.cuh>: the block-wide collectives kernels name,
// as declarations (what they compute is not modelled).
#pragma once
#include <cuda_runtime.h>
namespace cub {
struct Sum {};
struct Max {};
struct Min {};
template <typename T, int BLOCK_DIM_X, int ALGORITHM = 0, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockReduce {
 public:
  struct TempStorage {};
  __device__ explicit BlockReduce(TempStorage& storage);
  __device__ T Sum(T input);
  __device__ T Sum(T input, int valid_items);
  template <typename Op> __device__ T Reduce(T input, Op op);
  template <typename Op> __device__ T Reduce(T input, Op op, int valid_items);
};
template <typename T, int BLOCK_DIM_X, int ALGORITHM = 0, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockScan {
 public:
  struct TempStorage {};
  __device__ explicit BlockScan(TempStorage& storage);
  __device__ void InclusiveSum(T input, T& output);
  __device__ void ExclusiveSum(T input, T& output);
};
template <typename Key, typename Value> struct KeyValuePair {
  Key key;
  Value value;
};
struct ArgMax {};
struct ArgMin {};
}  // namespace cub
