// gpulint shim of <curand_kernel.h>: per-thread random states in kernels.
#pragma once
#include <cuda_runtime.h>
struct curandStateXORWOW { unsigned d, v[5]; };
typedef curandStateXORWOW curandState_t;
typedef curandStateXORWOW curandState;
struct curandStatePhilox4_32_10 { uint4 ctr, output; };
typedef curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
#if defined(__CUDA__)
template <typename State> __device__ void curand_init(unsigned long long seed, unsigned long long subsequence,
                                                      unsigned long long offset, State* state);
template <typename State> __device__ unsigned curand(State* state);
template <typename State> __device__ float curand_uniform(State* state);
template <typename State> __device__ float curand_normal(State* state);
template <typename State> __device__ float4 curand_uniform4(State* state);
template <typename State> __device__ float4 curand_normal4(State* state);
#endif
