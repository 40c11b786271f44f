// gpulint shim of <ATen/AccumulateType.h>: the type a reduction accumulates
// a given element type in (float for Half on the GPU, double on the CPU).
#pragma once
#include <ATen/ATen.h>
namespace at {
template <typename T, bool is_cuda> struct AccumulateType { using type = T; };
template <> struct AccumulateType<c10::Half, true> { using type = float; };
template <> struct AccumulateType<c10::BFloat16, true> { using type = float; };
template <> struct AccumulateType<float, false> { using type = double; };
template <typename T, bool is_cuda> using acc_type = typename AccumulateType<T, is_cuda>::type;
template <typename T> struct OpMathType { using type = T; };
template <> struct OpMathType<c10::Half> { using type = float; };
template <> struct OpMathType<c10::BFloat16> { using type = float; };
template <typename T> using opmath_type = typename OpMathType<T>::type;
ScalarType toAccumulateType(ScalarType type, bool is_cuda);
}  // namespace at
