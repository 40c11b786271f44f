// gpulint shim of <cuda_fp16.h>: the half types, their conversions and the
// arithmetic intrinsics kernels call on them. Declarations only.
#pragma once
#include <cuda_runtime.h>
struct __half {
  unsigned short x;
  __host__ __device__ __half() = default;
  __host__ __device__ __half(float value);
  __host__ __device__ operator float() const;
};
struct __half2 { __half x, y; };
typedef __half half;
typedef __half2 half2;
__host__ __device__ __half __float2half(float x);
__host__ __device__ __half __float2half_rn(float x);
__host__ __device__ float __half2float(__half x);
__host__ __device__ __half2 __float2half2_rn(float x);
__host__ __device__ __half2 __floats2half2_rn(float a, float b);
__host__ __device__ float2 __half22float2(__half2 x);
__host__ __device__ __half2 __halves2half2(__half a, __half b);
__host__ __device__ __half2 __half2half2(__half x);
__host__ __device__ float __low2float(__half2 x);
__host__ __device__ float __high2float(__half2 x);
__host__ __device__ __half __low2half(__half2 x);
__host__ __device__ __half __high2half(__half2 x);
__device__ __half __hadd(__half a, __half b);
__device__ __half __hsub(__half a, __half b);
__device__ __half __hmul(__half a, __half b);
__device__ __half __hdiv(__half a, __half b);
__device__ __half __hfma(__half a, __half b, __half c);
__device__ __half2 __hadd2(__half2 a, __half2 b);
__device__ __half2 __hmul2(__half2 a, __half2 b);
__device__ __half2 __hfma2(__half2 a, __half2 b, __half2 c);
__device__ bool __hgt(__half a, __half b);
__device__ bool __hlt(__half a, __half b);
__device__ __half hexp(__half x);
__device__ __half hsqrt(__half x);
__device__ __half __shfl_xor_sync(unsigned mask, __half value, int lane_mask, int width = 32);
__device__ __half __shfl_down_sync(unsigned mask, __half value, unsigned delta, int width = 32);
__device__ __half __ldg(const __half* address);
__device__ __half atomicAdd(__half* address, __half value);
__device__ __half2 atomicAdd(__half2* address, __half2 value);
