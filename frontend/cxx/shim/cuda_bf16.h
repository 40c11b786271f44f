// gpulint shim of <cuda_bf16.h>: the bfloat16 types and conversions.
#pragma once
#include <cuda_fp16.h>
struct __nv_bfloat16 {
  unsigned short x;
  __host__ __device__ __nv_bfloat16() = default;
  __host__ __device__ __nv_bfloat16(float value);
  __host__ __device__ operator float() const;
};
struct __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
__host__ __device__ __nv_bfloat16 __float2bfloat16(float x);
__host__ __device__ float __bfloat162float(__nv_bfloat16 x);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float a, float b);
__host__ __device__ float2 __bfloat1622float2(__nv_bfloat162 x);
