// ok: GPU400
// Device helpers without a kernel: the CUDA qualifiers make the header CUDA.
#pragma once

struct Vec3 {
  float x, y, z;
};

__device__ __forceinline__ float dot3(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

__host__ __device__ inline Vec3 scale3(const Vec3& a, float s) { return Vec3{a.x * s, a.y * s, a.z * s}; }
