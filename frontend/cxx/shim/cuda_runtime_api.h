// gpulint shim of the CUDA runtime's host API: allocation, copies,
// synchronisation, streams, events and device queries.
#pragma once
#include <driver_types.h>
struct dim3;
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

// The C++ overloads of <cuda_runtime.h>: typed pointers and symbols.
template <typename T> cudaError_t cudaMalloc(T** ptr, size_t size);
template <typename T> cudaError_t cudaMallocHost(T** ptr, size_t size, unsigned flags = 0);
template <typename T> cudaError_t cudaMallocManaged(T** ptr, size_t size, unsigned flags = 1);
template <typename T> cudaError_t cudaMallocAsync(T** ptr, size_t size, cudaStream_t stream);
template <typename T> cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, size_t count,
                                                     size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <typename T> cudaError_t cudaMemcpyToSymbolAsync(const T& symbol, const void* src, size_t count,
                                                          size_t offset, cudaMemcpyKind kind, cudaStream_t stream = 0);
template <typename T> cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                                       cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
template <typename T> cudaError_t cudaFuncSetAttribute(T* entry, cudaFuncAttribute attr, int value);
template <typename T> cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, T* entry);
template <typename T> cudaError_t cudaFuncSetCacheConfig(T* func, cudaFuncCache config);
template <typename T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, T func, int block_size, size_t shared_mem);
template <typename T>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int* grid, int* block, T func, size_t shared_mem = 0, int limit = 0);
