// gpulint shim of thrust's execution policies and algorithms: each algorithm
// takes any arguments (policy first or not) as a variadic template.
#pragma once
#include <cuda_runtime.h>
#include <thrust/tuple.h>
namespace thrust {
struct execution_policy_base {
  execution_policy_base on(cudaStream_t stream) const;
};
namespace cuda {
inline constexpr execution_policy_base par{};
}  // namespace cuda
namespace system::cuda {
using thrust::cuda::par;
}  // namespace system::cuda
inline constexpr execution_policy_base device{};
inline constexpr execution_policy_base host{};
#define GPULINT_THRUST(name) template <typename... A> auto name(A&&... args);
GPULINT_THRUST(sort) GPULINT_THRUST(sort_by_key) GPULINT_THRUST(stable_sort) GPULINT_THRUST(stable_sort_by_key)
GPULINT_THRUST(fill) GPULINT_THRUST(sequence) GPULINT_THRUST(transform) GPULINT_THRUST(copy)
GPULINT_THRUST(inclusive_scan) GPULINT_THRUST(exclusive_scan) GPULINT_THRUST(reduce) GPULINT_THRUST(reduce_by_key)
GPULINT_THRUST(unique) GPULINT_THRUST(unique_by_key) GPULINT_THRUST(count) GPULINT_THRUST(count_if)
GPULINT_THRUST(for_each) GPULINT_THRUST(gather) GPULINT_THRUST(scatter) GPULINT_THRUST(max_element)
GPULINT_THRUST(min_element) GPULINT_THRUST(remove_if) GPULINT_THRUST(copy_if) GPULINT_THRUST(lower_bound)
GPULINT_THRUST(upper_bound) GPULINT_THRUST(transform_reduce) GPULINT_THRUST(inclusive_scan_by_key)
GPULINT_THRUST(exclusive_scan_by_key) GPULINT_THRUST(fill_n) GPULINT_THRUST(tabulate)
#undef GPULINT_THRUST
template <typename T = void> struct plus { __host__ __device__ T operator()(const T& a, const T& b) const; };
template <typename T = void> struct maximum { __host__ __device__ T operator()(const T& a, const T& b) const; };
template <typename T = void> struct minimum { __host__ __device__ T operator()(const T& a, const T& b) const; };
template <typename T = void> struct less { __host__ __device__ bool operator()(const T& a, const T& b) const; };
template <typename T = void> struct greater { __host__ __device__ bool operator()(const T& a, const T& b) const; };
template <typename T = void> struct equal_to { __host__ __device__ bool operator()(const T& a, const T& b) const; };
template <typename T> class counting_iterator {
 public:
  __host__ __device__ explicit counting_iterator(T start);
  __host__ __device__ T operator*() const;
  __host__ __device__ counting_iterator operator+(long n) const;
};
template <typename T> counting_iterator<T> make_counting_iterator(T start);
template <typename... It> auto make_zip_iterator(It... its);
template <typename F, typename It> auto make_transform_iterator(It it, F f);
}  // namespace thrust
