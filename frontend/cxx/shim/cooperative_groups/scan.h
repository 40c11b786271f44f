// gpulint shim of <cooperative_groups/scan.h>: group-wide scans.
#pragma once
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cooperative_groups {
template <typename Group, typename T> __device__ T inclusive_scan(const Group& group, T value);
template <typename Group, typename T, typename Op> __device__ T inclusive_scan(const Group& group, T value, Op op);
template <typename Group, typename T> __device__ T exclusive_scan(const Group& group, T value);
template <typename Group, typename T, typename Op> __device__ T exclusive_scan(const Group& group, T value, Op op);
}  // namespace cooperative_groups
