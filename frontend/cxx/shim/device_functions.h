// gpulint shim of the CUDA device functions kernels call: synchronisation,
// atomics, warp shuffles, bit casts and device math. Declarations only.
#pragma once
#include <cuda_runtime.h>
#if defined(__CUDA__)
#include <__clang_cuda_builtin_vars.h>
// Device intrinsics kernels commonly call.
__device__ void __syncthreads(void);
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __trap(void);
// Loads and stores with a cache hint (streaming, global, last use).
template <typename T> __device__ T __ldcs(const T* address);
template <typename T> __device__ T __ldcg(const T* address);
template <typename T> __device__ T __ldca(const T* address);
template <typename T> __device__ T __ldlu(const T* address);
template <typename T> __device__ T __ldcv(const T* address);
template <typename T> __device__ void __stcs(T* address, T value);
template <typename T> __device__ void __stcg(T* address, T value);
template <typename T> __device__ void __stwb(T* address, T value);
template <typename T> __device__ void __stwt(T* address, T value);
__device__ void __brkpt(void);
__device__ int atomicAdd(int* address, int value);
__device__ unsigned atomicAdd(unsigned* address, unsigned value);
__device__ unsigned long long atomicAdd(unsigned long long* address, unsigned long long value);
__device__ float atomicAdd(float* address, float value);
__device__ double atomicAdd(double* address, double value);
__device__ int atomicMax(int* address, int value);
__device__ int atomicMin(int* address, int value);
__device__ int atomicExch(int* address, int value);
__device__ int atomicCAS(int* address, int compare, int value);
__device__ unsigned long long atomicCAS(unsigned long long* address, unsigned long long compare,
                                        unsigned long long value);
__device__ int atomicOr(int* address, int value);
__device__ unsigned atomicOr(unsigned* address, unsigned value);
__device__ int atomicAnd(int* address, int value);
__device__ unsigned atomicAnd(unsigned* address, unsigned value);
__device__ int atomicSub(int* address, int value);
__device__ unsigned atomicExch(unsigned* address, unsigned value);
__device__ float atomicExch(float* address, float value);
__device__ int __shfl_sync(unsigned mask, int value, int lane, int width = 32);
__device__ float __shfl_sync(unsigned mask, float value, int lane, int width = 32);
__device__ int __shfl_down_sync(unsigned mask, int value, unsigned delta, int width = 32);
__device__ float __shfl_down_sync(unsigned mask, float value, unsigned delta, int width = 32);
__device__ double __shfl_down_sync(unsigned mask, double value, unsigned delta, int width = 32);
__device__ int __shfl_xor_sync(unsigned mask, int value, int lane_mask, int width = 32);
__device__ float __shfl_xor_sync(unsigned mask, float value, int lane_mask, int width = 32);
__device__ unsigned __ballot_sync(unsigned mask, int predicate);
__device__ unsigned __activemask(void);
__device__ int __popc(unsigned x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __ffs(int x);
template <typename T> __device__ T __ldg(const T* address);
__device__ float __fdividef(float x, float y);
__device__ float __saturatef(float x);
// The C math functions kernels call, device side (the host side is <math.h>).
#define GPULINT_DEVICE_MATH1(name) __device__ float name##f(float x); __device__ double name(double x);
GPULINT_DEVICE_MATH1(sqrt) GPULINT_DEVICE_MATH1(exp) GPULINT_DEVICE_MATH1(log) GPULINT_DEVICE_MATH1(fabs)
GPULINT_DEVICE_MATH1(tanh) GPULINT_DEVICE_MATH1(sin) GPULINT_DEVICE_MATH1(cos) GPULINT_DEVICE_MATH1(floor)
GPULINT_DEVICE_MATH1(ceil) GPULINT_DEVICE_MATH1(erf) GPULINT_DEVICE_MATH1(log1p) GPULINT_DEVICE_MATH1(expm1)
GPULINT_DEVICE_MATH1(acos) GPULINT_DEVICE_MATH1(asin) GPULINT_DEVICE_MATH1(atan) GPULINT_DEVICE_MATH1(round)
GPULINT_DEVICE_MATH1(trunc) GPULINT_DEVICE_MATH1(exp2) GPULINT_DEVICE_MATH1(log2) GPULINT_DEVICE_MATH1(rint)
GPULINT_DEVICE_MATH1(log10) GPULINT_DEVICE_MATH1(sinh) GPULINT_DEVICE_MATH1(cosh) GPULINT_DEVICE_MATH1(tan)
GPULINT_DEVICE_MATH1(cbrt) GPULINT_DEVICE_MATH1(erfc) GPULINT_DEVICE_MATH1(exp10)
#undef GPULINT_DEVICE_MATH1
#define GPULINT_DEVICE_MATH2(name) \
  __device__ float name##f(float x, float y); __device__ double name(double x, double y);
GPULINT_DEVICE_MATH2(atan2) GPULINT_DEVICE_MATH2(fmod) GPULINT_DEVICE_MATH2(hypot) GPULINT_DEVICE_MATH2(copysign)
#undef GPULINT_DEVICE_MATH2
__device__ float fmaxf(float x, float y);
__device__ float fminf(float x, float y);
__device__ float powf(float x, float y);
__device__ double fmax(double x, double y);
__device__ double fmin(double x, double y);
__device__ double pow(double x, double y);
// CUDA's min and max are host and device functions: the host code of a .cu
// file sizes its grids with them.
__host__ __device__ int min(int x, int y);
__host__ __device__ int max(int x, int y);
__device__ float __expf(float x);
__device__ float __logf(float x);
// Bit casts, rounding conversions and other intrinsics.
__device__ float __int_as_float(int x);
__device__ int __float_as_int(float x);
__device__ float __uint_as_float(unsigned x);
__device__ unsigned __float_as_uint(float x);
__device__ double __longlong_as_double(long long x);
__device__ long long __double_as_longlong(double x);
__device__ int __float2int_rn(float x);
__device__ int __float2int_rd(float x);
__device__ int __float2int_ru(float x);
__device__ int __float2int_rz(float x);
__device__ float __int2float_rn(int x);
__device__ float __fmaf_rn(float a, float b, float c);
__device__ float __fadd_rn(float a, float b);
__device__ float __fmul_rn(float a, float b);
__device__ float __frcp_rn(float x);
__device__ float __fsqrt_rn(float x);
__device__ float __powf(float x, float y);
__device__ float __sinf(float x);
__device__ float __cosf(float x);
__device__ float __tanf(float x);
__device__ void __sincosf(float x, float* s, float* c);
__device__ void sincosf(float x, float* s, float* c);
__device__ void sincos(double x, double* s, double* c);
// CUDA's math functions that the C library lacks are host and device functions.
__host__ __device__ float rsqrtf(float x);
__host__ __device__ double rsqrt(double x);
__host__ __device__ float normf(int dim, const float* a);
__host__ __device__ float rnorm3df(float a, float b, float c);
__host__ __device__ float norm3df(float a, float b, float c);
__device__ float fmaf(float a, float b, float c);
__device__ float cbrtf(float x);
__device__ float erfcf(float x);
__device__ float lgammaf(float x);
__device__ int abs(int x);
__device__ long long llabs(long long x);
__device__ unsigned __brev(unsigned x);
__device__ unsigned __umulhi(unsigned a, unsigned b);
__device__ int __mul24(int a, int b);
__device__ long long clock64(void);
__device__ int clock(void);
__device__ unsigned __lanemask_lt(void);
__device__ void __threadfence_block(void);
__device__ int __syncthreads_or(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_count(int predicate);
__device__ unsigned __shfl_up_sync(unsigned mask, unsigned value, unsigned delta, int width = 32);
__device__ int __shfl_up_sync(unsigned mask, int value, unsigned delta, int width = 32);
__device__ float __shfl_up_sync(unsigned mask, float value, unsigned delta, int width = 32);
__device__ unsigned __shfl_sync(unsigned mask, unsigned value, int lane, int width = 32);
__device__ double __shfl_sync(unsigned mask, double value, int lane, int width = 32);
__device__ long long __shfl_sync(unsigned mask, long long value, int lane, int width = 32);
__device__ unsigned __shfl_down_sync(unsigned mask, unsigned value, unsigned delta, int width = 32);
__device__ long long __shfl_down_sync(unsigned mask, long long value, unsigned delta, int width = 32);
__device__ unsigned __shfl_xor_sync(unsigned mask, unsigned value, int lane_mask, int width = 32);
__device__ double __shfl_xor_sync(unsigned mask, double value, int lane_mask, int width = 32);
__device__ int __any_sync(unsigned mask, int predicate);
__device__ int __all_sync(unsigned mask, int predicate);
__device__ unsigned atomicInc(unsigned* address, unsigned value);
__device__ unsigned atomicDec(unsigned* address, unsigned value);
__device__ unsigned atomicMax(unsigned* address, unsigned value);
__device__ unsigned atomicMin(unsigned* address, unsigned value);
__device__ unsigned long long atomicMax(unsigned long long* address, unsigned long long value);
__device__ unsigned long long atomicMin(unsigned long long* address, unsigned long long value);
__device__ long long atomicMax(long long* address, long long value);
__device__ long long atomicMin(long long* address, long long value);
__device__ unsigned atomicCAS(unsigned* address, unsigned compare, unsigned value);
__device__ unsigned short atomicCAS(unsigned short* address, unsigned short compare, unsigned short value);
__device__ unsigned long long atomicExch(unsigned long long* address, unsigned long long value);
__device__ unsigned atomicXor(unsigned* address, unsigned value);
__device__ unsigned long long atomicOr(unsigned long long* address, unsigned long long value);
__device__ unsigned long long atomicAnd(unsigned long long* address, unsigned long long value);
// min/max on the other types kernels compare.
__host__ __device__ unsigned min(unsigned x, unsigned y);
__host__ __device__ unsigned max(unsigned x, unsigned y);
__host__ __device__ long long min(long long x, long long y);
__host__ __device__ long long max(long long x, long long y);
__host__ __device__ unsigned long long min(unsigned long long x, unsigned long long y);
__host__ __device__ unsigned long long max(unsigned long long x, unsigned long long y);
__host__ __device__ unsigned min(int x, unsigned y);
__host__ __device__ unsigned min(unsigned x, int y);
__host__ __device__ unsigned max(int x, unsigned y);
__host__ __device__ unsigned max(unsigned x, int y);
__host__ __device__ long long min(long long x, int y);
__host__ __device__ long long max(long long x, int y);
__host__ __device__ float min(float x, float y);
__host__ __device__ float max(float x, float y);
__host__ __device__ double min(double x, double y);
__host__ __device__ double min(float x, double y);
__host__ __device__ double min(double x, float y);
__host__ __device__ double max(float x, double y);
__host__ __device__ double max(double x, float y);
__host__ __device__ long min(long x, long y);
__host__ __device__ long max(long x, long y);
__host__ __device__ unsigned long min(unsigned long x, unsigned long y);
__host__ __device__ unsigned long max(unsigned long x, unsigned long y);
__host__ __device__ double max(double x, double y);
// Mixed signed and unsigned arguments give the unsigned type, as CUDA's
// math_functions overloads do (so `min(size, int64_value)` is not ambiguous).
#define GPULINT_MIXED_MINMAX(S, U)                                                                \
  __host__ __device__ U min(S x, U y); __host__ __device__ U min(U x, S y);                       \
  __host__ __device__ U max(S x, U y); __host__ __device__ U max(U x, S y);
GPULINT_MIXED_MINMAX(int, unsigned) GPULINT_MIXED_MINMAX(long, unsigned long)
GPULINT_MIXED_MINMAX(long long, unsigned long long)
#undef GPULINT_MIXED_MINMAX
// Device-side printf and assert (the host ones come from the C library).
extern "C" {
__device__ int printf(const char* format, ...);
__device__ void __assert_fail(const char* message, const char* file, unsigned line, const char* function);
}
#endif
