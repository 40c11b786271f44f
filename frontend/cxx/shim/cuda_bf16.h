// gpulint shim of <cuda_bf16.h>: the bfloat16 types and conversions.
#pragma once
#include <cuda_fp16.h>
struct __nv_bfloat16 {
  unsigned short x;
  __host__ __device__ __nv_bfloat16() = default;
  __host__ __device__ __nv_bfloat16(float value);
  __host__ __device__ operator float() const;
  // Assignment from float, so that another 16-bit type converts through float.
  __host__ __device__ __nv_bfloat16& operator=(float value);
};
struct __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
__host__ __device__ __nv_bfloat16 __float2bfloat16(float x);
__host__ __device__ float __bfloat162float(__nv_bfloat16 x);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float a, float b);
__host__ __device__ float2 __bfloat1622float2(__nv_bfloat162 x);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(float x);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rz(float x);
__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(float x);
__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(float2 x);
__host__ __device__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 x);
__host__ __device__ __nv_bfloat162 make_bfloat162(__nv_bfloat16 x, __nv_bfloat16 y);
__host__ __device__ __nv_bfloat16 __low2bfloat16(__nv_bfloat162 x);
__host__ __device__ __nv_bfloat16 __high2bfloat16(__nv_bfloat162 x);
__host__ __device__ float __low2float(__nv_bfloat162 x);
__host__ __device__ float __high2float(__nv_bfloat162 x);
__host__ __device__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short x);
__host__ __device__ unsigned short __bfloat16_as_ushort(__nv_bfloat16 x);
__host__ __device__ __nv_bfloat16 __int2bfloat16_rn(int x);
__host__ __device__ int __bfloat162int_rn(__nv_bfloat16 x);
__device__ __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c);
__device__ __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat16 __hneg(__nv_bfloat16 x);
__device__ __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b);
__device__ __nv_bfloat162 __hmul2(__nv_bfloat162 a, __nv_bfloat162 b);
__device__ __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c);
__device__ __nv_bfloat16 hexp(__nv_bfloat16 x);
__device__ __nv_bfloat16 hsqrt(__nv_bfloat16 x);
__device__ __nv_bfloat16 hrsqrt(__nv_bfloat16 x);
__device__ __nv_bfloat16 __shfl_sync(unsigned mask, __nv_bfloat16 value, int lane, int width = 32);
__device__ __nv_bfloat16 __shfl_xor_sync(unsigned mask, __nv_bfloat16 value, int lane_mask, int width = 32);
__device__ __nv_bfloat16 __shfl_down_sync(unsigned mask, __nv_bfloat16 value, unsigned delta, int width = 32);
__device__ __nv_bfloat16 __ldg(const __nv_bfloat16* address);
__device__ __nv_bfloat16 atomicAdd(__nv_bfloat16* address, __nv_bfloat16 value);
