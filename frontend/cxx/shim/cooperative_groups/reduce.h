// gpulint shim of <cooperative_groups/reduce.h>: group-wide reductions.
#pragma once
#include <cooperative_groups.h>
namespace cooperative_groups {
template <typename T> struct plus { __device__ T operator()(T a, T b) const; };
template <typename T> struct less { __device__ T operator()(T a, T b) const; };
template <typename T> struct greater { __device__ T operator()(T a, T b) const; };
template <typename T> struct bit_and { __device__ T operator()(T a, T b) const; };
template <typename T> struct bit_or { __device__ T operator()(T a, T b) const; };
template <typename Group, typename T, typename Op> __device__ T reduce(const Group& group, T value, Op op);
template <typename Group, typename T, typename Op> __device__ T inclusive_scan(const Group& group, T value, Op op);
template <typename Group, typename T, typename Op> __device__ T exclusive_scan(const Group& group, T value, Op op);
}  // namespace cooperative_groups
