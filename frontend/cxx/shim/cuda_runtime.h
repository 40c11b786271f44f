// gpulint shim of the CUDA runtime API: only what analysis needs (types,
// launch configuration, the calls the GPU4xx rules look for). Used only when
// the real header is not on the include path. Declarations only.
#pragma once
#include <stddef.h>

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

struct uint3 { unsigned x, y, z; };
#include <vector_types.h>
#include <driver_types.h>
#include <device_functions.h>
#ifndef CUDART_VERSION
#define CUDART_VERSION 12000
#endif
#define CUDA_VERSION CUDART_VERSION
#include <cuda_runtime_api.h>
