// gpulint shim of the CUDA vector types and their make_* functions.
#pragma once
#include <crt/host_defines.h>
struct uint3 { unsigned x, y, z; };
#define GPULINT_VEC(T, name) \
  struct name##1 { T x; }; struct name##2 { T x, y; }; struct name##3 { T x, y, z; }; struct name##4 { T x, y, z, w; };
GPULINT_VEC(unsigned char, uchar) GPULINT_VEC(signed char, char) GPULINT_VEC(short, short) GPULINT_VEC(unsigned short, ushort)
GPULINT_VEC(long long, longlong) GPULINT_VEC(unsigned long long, ulonglong) GPULINT_VEC(long, long)
GPULINT_VEC(unsigned long, ulong)
#undef GPULINT_VEC
struct uint1 { unsigned x; };
struct uint2 { unsigned x, y; };
struct uint4 { unsigned x, y, z, w; };
struct int1 { int x; };
struct float1 { float x; };
struct double1 { double x; };
struct double4 { double x, y, z, w; };
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
struct float2 { float x, y; };
struct float4 { float x, y, z, w; };
struct float3 { float x, y, z; };
struct int2 { int x, y; };
struct int3 { int x, y, z; };
struct int4 { int x, y, z, w; };
struct double2 { double x, y; };
struct double3 { double x, y, z; };
__host__ __device__ inline float2 make_float2(float x, float y) { return {x, y}; }
__host__ __device__ inline float3 make_float3(float x, float y, float z) { return {x, y, z}; }
__host__ __device__ inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
__host__ __device__ inline int2 make_int2(int x, int y) { return {x, y}; }
__host__ __device__ inline int3 make_int3(int x, int y, int z) { return {x, y, z}; }
__host__ __device__ inline double3 make_double3(double x, double y, double z) { return {x, y, z}; }

__host__ __device__ inline int4 make_int4(int x, int y, int z, int w) { return {x, y, z, w}; }
__host__ __device__ inline uint2 make_uint2(unsigned x, unsigned y) { return {x, y}; }
__host__ __device__ inline uint3 make_uint3(unsigned x, unsigned y, unsigned z) { return {x, y, z}; }
__host__ __device__ inline uint4 make_uint4(unsigned x, unsigned y, unsigned z, unsigned w) { return {x, y, z, w}; }
__host__ __device__ inline double2 make_double2(double x, double y) { return {x, y}; }
__host__ __device__ inline double4 make_double4(double x, double y, double z, double w) { return {x, y, z, w}; }
