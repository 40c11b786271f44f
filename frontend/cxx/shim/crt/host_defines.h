// gpulint shim of the CUDA toolkit's <crt/host_defines.h>: the execution
// space and storage qualifiers (clang's attributes in CUDA mode, nothing in
// plain C++), so that every shim header can use them on its own.
#pragma once
#if defined(__CUDA__)
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#else
#define __global__
#define __device__
#define __host__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#endif
#define __forceinline__ inline __attribute__((always_inline))
#define __restrict__ __restrict

#define __align__(n) __attribute__((aligned(n)))
