// gpulint shim of <c10/macros/Macros.h>: the portability macros extensions
// use in kernels and host code.
#pragma once
#if defined(__CUDA__)
#define C10_HOST_DEVICE __attribute__((host, device))
#define C10_DEVICE __attribute__((device))
#define C10_HOST __attribute__((host))
#else
#define C10_HOST_DEVICE
#define C10_DEVICE
#define C10_HOST
#endif
#define C10_WARP_SIZE 32
#define C10_LIKELY(expr) (expr)
#define C10_UNLIKELY(expr) (expr)
#define C10_ALWAYS_INLINE inline
#define C10_NOINLINE
#define C10_EXPORT
#define C10_API
#define TORCH_API
#define CAFFE2_API
#define C10_UNUSED
#define C10_RESTRICT __restrict
#define C10_MAX_THREADS_PER_BLOCK(val) (val)
#define C10_MIN_BLOCKS_PER_SM(threads, blocks) (blocks)
#define C10_LAUNCH_BOUNDS_0
#define C10_LAUNCH_BOUNDS_1(max_threads_per_block)
#define C10_LAUNCH_BOUNDS_2(max_threads_per_block, min_blocks_per_sm)
#define C10_STRINGIZE(x) #x
#define C10_CONCATENATE(a, b) a##b
#define C10_DEPRECATED
#define C10_DEPRECATED_MESSAGE(message)
#define C10_DIAGNOSTIC_PUSH_AND_IGNORED_IF_DEFINED(warning)
#define C10_DIAGNOSTIC_POP()
