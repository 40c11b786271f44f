// gpulint shim of <cub/detail/uninitialized_copy.cuh>.
#pragma once
#include <cub/config.cuh>
#include <utility>
namespace cub::detail {
template <typename T, typename U> __host__ __device__ void uninitialized_copy(T* ptr, U&& value);
}  // namespace cub::detail
