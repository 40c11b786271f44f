// gpulint shim of <cub/cub.cuh>: the block-, warp- and device-wide
// collectives kernels and host code name, as declarations (what they
// compute is not modelled).
#pragma once
#include <cub/config.cuh>
#include <cub/util_ptx.cuh>
#include <cub/util_type.cuh>
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_raking_layout.cuh>
#include <cub/block/block_store.cuh>
namespace cub {
struct Sum { template <typename T> __host__ __device__ T operator()(const T& a, const T& b) const; };
struct Max { template <typename T> __host__ __device__ T operator()(const T& a, const T& b) const; };
struct Min { template <typename T> __host__ __device__ T operator()(const T& a, const T& b) const; };
struct ArgMax {};
struct ArgMin {};
template <typename Key, typename Value> struct KeyValuePair {
  Key key;
  Value value;
  __host__ __device__ KeyValuePair();
  __host__ __device__ KeyValuePair(const Key& k, const Value& v);
};
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockReduce {
 public:
  struct TempStorage {};
  __device__ BlockReduce();
  __device__ explicit BlockReduce(TempStorage& storage);
  __device__ T Sum(T input);
  __device__ T Sum(T input, int valid_items);
  template <int N> __device__ T Sum(T (&inputs)[N]);
  template <typename Op> __device__ T Reduce(T input, Op op);
  template <typename Op> __device__ T Reduce(T input, Op op, int valid_items);
  template <int N, typename Op> __device__ T Reduce(T (&inputs)[N], Op op);
};
template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockScan {
 public:
  struct TempStorage {};
  __device__ explicit BlockScan(TempStorage& storage);
  __device__ void InclusiveSum(T input, T& output);
  __device__ void ExclusiveSum(T input, T& output);
  __device__ void ExclusiveSum(T input, T& output, T& aggregate);
  template <typename Op> __device__ void InclusiveScan(T input, T& output, Op op);
  template <typename Op> __device__ void ExclusiveScan(T input, T& output, T initial, Op op);
  // With a block-prefix callback, and over ITEMS_PER_THREAD items per thread.
  template <typename Op, typename PrefixOp>
  __device__ void InclusiveScan(T input, T& output, Op op, PrefixOp& block_prefix);
  template <typename Op, typename PrefixOp>
  __device__ void ExclusiveScan(T input, T& output, Op op, PrefixOp& block_prefix);
  template <int N, typename Op> __device__ void InclusiveScan(T (&input)[N], T (&output)[N], Op op);
  template <int N, typename Op, typename PrefixOp>
  __device__ void InclusiveScan(T (&input)[N], T (&output)[N], Op op, PrefixOp& block_prefix);
  template <int N, typename Op, typename PrefixOp>
  __device__ void ExclusiveScan(T (&input)[N], T (&output)[N], Op op, PrefixOp& block_prefix);
  template <int N> __device__ void InclusiveSum(T (&input)[N], T (&output)[N]);
  template <int N> __device__ void ExclusiveSum(T (&input)[N], T (&output)[N]);
};
template <typename T, int LOGICAL_WARP_THREADS = 32> class WarpReduce {
 public:
  struct TempStorage {};
  __device__ explicit WarpReduce(TempStorage& storage);
  __device__ T Sum(T input);
  template <typename Op> __device__ T Reduce(T input, Op op);
};
template <typename T, int LOGICAL_WARP_THREADS = 32> class WarpScan {
 public:
  struct TempStorage {};
  __device__ explicit WarpScan(TempStorage& storage);
  __device__ void InclusiveSum(T input, T& output);
  __device__ void ExclusiveSum(T input, T& output);
};
// Device-wide algorithms: a first call with a null temp buffer asks for its
// size, a second runs; any arguments after the buffer.
#define GPULINT_CUB_DEVICE(name, ...) \
  struct name { __VA_ARGS__ };
#define GPULINT_CUB_ALGO(fn) \
  template <typename... A> static cudaError_t fn(void* temp_storage, size_t& temp_storage_bytes, A&&... args);
GPULINT_CUB_DEVICE(DeviceRadixSort, GPULINT_CUB_ALGO(SortKeys) GPULINT_CUB_ALGO(SortPairs)
                   GPULINT_CUB_ALGO(SortKeysDescending) GPULINT_CUB_ALGO(SortPairsDescending))
GPULINT_CUB_DEVICE(DeviceSegmentedRadixSort, GPULINT_CUB_ALGO(SortKeys) GPULINT_CUB_ALGO(SortPairs)
                   GPULINT_CUB_ALGO(SortKeysDescending) GPULINT_CUB_ALGO(SortPairsDescending))
GPULINT_CUB_DEVICE(DeviceScan, GPULINT_CUB_ALGO(InclusiveSum) GPULINT_CUB_ALGO(ExclusiveSum)
                   GPULINT_CUB_ALGO(InclusiveScan) GPULINT_CUB_ALGO(ExclusiveScan))
GPULINT_CUB_DEVICE(DeviceReduce, GPULINT_CUB_ALGO(Sum) GPULINT_CUB_ALGO(Max) GPULINT_CUB_ALGO(Min)
                   GPULINT_CUB_ALGO(ArgMax) GPULINT_CUB_ALGO(ArgMin) GPULINT_CUB_ALGO(Reduce)
                   GPULINT_CUB_ALGO(ReduceByKey))
GPULINT_CUB_DEVICE(DeviceSegmentedReduce, GPULINT_CUB_ALGO(Sum) GPULINT_CUB_ALGO(Max) GPULINT_CUB_ALGO(Min)
                   GPULINT_CUB_ALGO(Reduce))
GPULINT_CUB_DEVICE(DeviceSelect, GPULINT_CUB_ALGO(Flagged) GPULINT_CUB_ALGO(If) GPULINT_CUB_ALGO(Unique))
GPULINT_CUB_DEVICE(DeviceRunLengthEncode, GPULINT_CUB_ALGO(Encode))
GPULINT_CUB_DEVICE(DeviceHistogram, GPULINT_CUB_ALGO(HistogramEven))
#undef GPULINT_CUB_ALGO
#undef GPULINT_CUB_DEVICE
}  // namespace cub
