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

#if defined(__CUDA__)
#include <__clang_cuda_builtin_vars.h>
// Device intrinsics kernels commonly call.
__device__ void __syncthreads(void);
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ int atomicAdd(int* address, int value);
__device__ unsigned atomicAdd(unsigned* address, unsigned value);
__device__ unsigned long long atomicAdd(unsigned long long* address, unsigned long long value);
__device__ float atomicAdd(float* address, float value);
__device__ double atomicAdd(double* address, double value);
__device__ int atomicMax(int* address, int value);
__device__ int atomicMin(int* address, int value);
__device__ int atomicExch(int* address, int value);
__device__ int atomicCAS(int* address, int compare, int value);
__device__ unsigned long long atomicCAS(unsigned long long* address, unsigned long long compare,
                                        unsigned long long value);
__device__ int atomicOr(int* address, int value);
__device__ unsigned atomicOr(unsigned* address, unsigned value);
__device__ int atomicAnd(int* address, int value);
__device__ unsigned atomicAnd(unsigned* address, unsigned value);
__device__ int atomicSub(int* address, int value);
__device__ unsigned atomicExch(unsigned* address, unsigned value);
__device__ float atomicExch(float* address, float value);
__device__ int __shfl_sync(unsigned mask, int value, int lane, int width = 32);
__device__ float __shfl_sync(unsigned mask, float value, int lane, int width = 32);
__device__ int __shfl_down_sync(unsigned mask, int value, unsigned delta, int width = 32);
__device__ float __shfl_down_sync(unsigned mask, float value, unsigned delta, int width = 32);
__device__ double __shfl_down_sync(unsigned mask, double value, unsigned delta, int width = 32);
__device__ int __shfl_xor_sync(unsigned mask, int value, int lane_mask, int width = 32);
__device__ float __shfl_xor_sync(unsigned mask, float value, int lane_mask, int width = 32);
__device__ unsigned __ballot_sync(unsigned mask, int predicate);
__device__ unsigned __activemask(void);
__device__ int __popc(unsigned x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __ffs(int x);
template <typename T> __device__ T __ldg(const T* address);
__device__ float __fdividef(float x, float y);
__device__ float __saturatef(float x);
__device__ float rsqrtf(float x);
// The C math functions kernels call, device side (the host side is <math.h>).
#define GPULINT_DEVICE_MATH1(name) __device__ float name##f(float x); __device__ double name(double x);
GPULINT_DEVICE_MATH1(sqrt) GPULINT_DEVICE_MATH1(exp) GPULINT_DEVICE_MATH1(log) GPULINT_DEVICE_MATH1(fabs)
GPULINT_DEVICE_MATH1(tanh) GPULINT_DEVICE_MATH1(sin) GPULINT_DEVICE_MATH1(cos) GPULINT_DEVICE_MATH1(floor)
GPULINT_DEVICE_MATH1(ceil) GPULINT_DEVICE_MATH1(erf) GPULINT_DEVICE_MATH1(log1p) GPULINT_DEVICE_MATH1(expm1)
GPULINT_DEVICE_MATH1(acos) GPULINT_DEVICE_MATH1(asin) GPULINT_DEVICE_MATH1(atan) GPULINT_DEVICE_MATH1(round)
GPULINT_DEVICE_MATH1(trunc) GPULINT_DEVICE_MATH1(exp2) GPULINT_DEVICE_MATH1(log2) GPULINT_DEVICE_MATH1(rint)
#undef GPULINT_DEVICE_MATH1
#define GPULINT_DEVICE_MATH2(name) \
  __device__ float name##f(float x, float y); __device__ double name(double x, double y);
GPULINT_DEVICE_MATH2(atan2) GPULINT_DEVICE_MATH2(fmod) GPULINT_DEVICE_MATH2(hypot) GPULINT_DEVICE_MATH2(copysign)
#undef GPULINT_DEVICE_MATH2
__device__ float fmaxf(float x, float y);
__device__ float fminf(float x, float y);
__device__ float powf(float x, float y);
__device__ double fmax(double x, double y);
__device__ double fmin(double x, double y);
__device__ double pow(double x, double y);
__device__ int min(int x, int y);
__device__ int max(int x, int y);
__device__ float __expf(float x);
__device__ float __logf(float x);
#endif

typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;
typedef enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2 } cudaError_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaStreamNonBlocking 0x01
#define cudaHostAllocDefault 0x00

extern "C" {
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, cudaStream_t stream = 0);
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, cudaStream_t stream = 0);
cudaError_t cudaMalloc(void** ptr, size_t size);
cudaError_t cudaMallocAsync(void** ptr, size_t size, cudaStream_t stream);
cudaError_t cudaMallocHost(void** ptr, size_t size);
cudaError_t cudaHostAlloc(void** ptr, size_t size, unsigned flags);
cudaError_t cudaMallocManaged(void** ptr, size_t size, unsigned flags = 1);
cudaError_t cudaFree(void* ptr);
cudaError_t cudaFreeAsync(void* ptr, cudaStream_t stream);
cudaError_t cudaFreeHost(void* ptr);
cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream = 0);
cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind);
cudaError_t cudaMemset(void* ptr, int value, size_t count);
cudaError_t cudaMemsetAsync(void* ptr, int value, size_t count, cudaStream_t stream = 0);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamCreate(cudaStream_t* stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned flags = 0);
cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char* cudaGetErrorString(cudaError_t error);
cudaError_t cudaGetDevice(int* device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceCount(int* count);
}
