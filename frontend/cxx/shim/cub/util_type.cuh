// gpulint shim of <cub/util_type.cuh>: cub's type utilities.
#pragma once
#include <cub/config.cuh>
namespace cub {
struct NullType {};
// Storage for a T that is never constructed (shared-memory temp storage).
template <typename T> struct Uninitialized {
  alignas(T) unsigned char storage[sizeof(T)];
  __host__ __device__ T& Alias();
};
// Log2<N>::VALUE: the ceiling of log2(N), at compile time.
template <int N, int CURRENT_VAL = N, int COUNT = 0> struct Log2 {
  enum { VALUE = Log2<N, (CURRENT_VAL >> 1), COUNT + 1>::VALUE };
};
template <int N, int COUNT> struct Log2<N, 0, COUNT> {
  enum { VALUE = (1 << (COUNT - 1) < N) ? COUNT : COUNT - 1 };
};
template <int N> struct PowerOfTwo {
  enum { VALUE = ((N & (N - 1)) == 0) };
};
template <int A> struct Int2Type {
  enum { VALUE = A };
};
template <typename T> struct Traits {
  static __host__ __device__ T Max();
  static __host__ __device__ T Lowest();
};
}  // namespace cub
