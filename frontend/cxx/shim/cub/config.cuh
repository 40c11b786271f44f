// gpulint shim of <cub/config.cuh>: cub's configuration macros.
#pragma once
#include <cuda_runtime.h>
#define CUB_VERSION 200200
#define CUB_PTX_ARCH 0
#define CUB_NAMESPACE_BEGIN namespace cub {
#define CUB_NAMESPACE_END }
#define CUB_RUNTIME_FUNCTION __host__ __device__
#define CUB_WARP_THREADS(arch) 32
#define CUB_PTX_WARP_THREADS 32
#define CUB_LOG_WARP_THREADS(arch) 5
#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#define CUB_QUOTIENT_CEILING(a, b) (((a) + (b) - 1) / (b))
#define CUB_ROUND_UP_NEAREST(value, step) ((((value) + (step) - 1) / (step)) * (step))
#define CUB_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
