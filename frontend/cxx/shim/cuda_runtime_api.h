// gpulint shim of the CUDA runtime's host API: allocation, copies,
// synchronisation, streams, events and device queries.
#pragma once
#ifndef CUDART_VERSION
#define CUDART_VERSION 12000  // as <cuda_runtime.h> says
#endif
#include <driver_types.h>
#include <vector_types.h>
// Extensible launches (cudaLaunchKernelEx): thread-block clusters,
// cooperative launch, priorities.
enum cudaLaunchAttributeID {
  cudaLaunchAttributeIgnore = 0, cudaLaunchAttributeAccessPolicyWindow = 1, cudaLaunchAttributeCooperative = 2,
  cudaLaunchAttributeSynchronizationPolicy = 3, cudaLaunchAttributeClusterDimension = 4,
  cudaLaunchAttributeClusterSchedulingPolicyPreference = 5, cudaLaunchAttributeProgrammaticStreamSerialization = 6,
  cudaLaunchAttributeProgrammaticEvent = 7, cudaLaunchAttributePriority = 8
};
typedef enum cudaLaunchAttributeID cudaLaunchAttributeID;
union cudaLaunchAttributeValue {
  char pad[64];
  struct { unsigned x, y, z; } clusterDim;
  int cooperative;
  int priority;
  int programmaticStreamSerializationAllowed;
};
typedef struct cudaLaunchAttribute_st {
  cudaLaunchAttributeID id;
  union cudaLaunchAttributeValue val;
} cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute* attrs;
  unsigned numAttrs;
} cudaLaunchConfig_t;
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
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp* prop, int device);
cudaError_t cudaDeviceGetAttribute(int* value, enum cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceCanAccessPeer(int* can_access, int device, int peer_device);
cudaError_t cudaDeviceEnablePeerAccess(int peer_device, unsigned flags);
cudaError_t cudaDeviceDisablePeerAccess(int peer_device);
cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest);
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t* value, enum cudaLimit limit);
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaSetDeviceFlags(unsigned flags);
cudaError_t cudaGetDeviceFlags(unsigned* flags);
cudaError_t cudaDriverGetVersion(int* version);
cudaError_t cudaRuntimeGetVersion(int* version);
const char* cudaGetErrorName(cudaError_t error);
cudaError_t cudaMemGetInfo(size_t* free_bytes, size_t* total_bytes);
cudaError_t cudaMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes* attributes, const void* ptr);
cudaError_t cudaHostRegister(void* ptr, size_t size, unsigned flags);
cudaError_t cudaHostUnregister(void* ptr);
cudaError_t cudaHostGetDevicePointer(void** device_ptr, void* host_ptr, unsigned flags);
cudaError_t cudaMemcpyPeer(void* dst, int dst_device, const void* src, int src_device, size_t count);
cudaError_t cudaMemcpyPeerAsync(void* dst, int dst_device, const void* src, int src_device, size_t count,
                                cudaStream_t stream = 0);
cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemset2D(void* ptr, size_t pitch, int value, size_t width, size_t height);
cudaError_t cudaMemset2DAsync(void* ptr, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream = 0);
cudaError_t cudaMemAdvise(const void* ptr, size_t count, cudaMemoryAdvise advice, int device);
cudaError_t cudaMemPrefetchAsync(const void* ptr, size_t count, int device, cudaStream_t stream = 0);
cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t* handle, void* ptr);
cudaError_t cudaIpcOpenMemHandle(void** ptr, cudaIpcMemHandle_t handle, unsigned flags);
cudaError_t cudaIpcCloseMemHandle(void* ptr);
cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t* handle, cudaEvent_t event);
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t* event, cudaIpcEventHandle_t handle);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned flags, int priority);
cudaError_t cudaStreamGetPriority(cudaStream_t stream, int* priority);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* graph);
cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus* status);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long flags = 0);
cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream);
cudaError_t cudaGraphDestroy(cudaGraph_t graph);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned flags);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);
// Launches through the runtime API rather than `<<<...>>>`.
cudaError_t cudaLaunchKernel(const void* func, dim3 grid, dim3 block, void** args, size_t shared_mem,
                             cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void* func, dim3 grid, dim3 block, void** args, size_t shared_mem,
                                        cudaStream_t stream);
cudaError_t cudaLaunchKernelExC(const struct cudaLaunchConfig_st* config, const void* func, void** args);
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, void (*fn)(void*), void* user_data);
}

// The C++ overloads of <cuda_runtime.h>: typed pointers and symbols.
template <typename T> cudaError_t cudaMalloc(T** ptr, size_t size);
template <typename T> cudaError_t cudaMallocHost(T** ptr, size_t size, unsigned flags = 0);
template <typename T> cudaError_t cudaMallocManaged(T** ptr, size_t size, unsigned flags = 1);
template <typename T> cudaError_t cudaMallocAsync(T** ptr, size_t size, cudaStream_t stream);
template <typename T> cudaError_t cudaGetSymbolAddress(void** address, const T& symbol);
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
cudaError_t cudaLaunchKernel(T* func, dim3 grid, dim3 block, void** args, size_t shared_mem = 0,
                             cudaStream_t stream = 0);
template <typename T>
cudaError_t cudaLaunchCooperativeKernel(T* func, dim3 grid, dim3 block, void** args, size_t shared_mem = 0,
                                        cudaStream_t stream = 0);
template <typename... Params, typename... Args>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t* config, void (*kernel)(Params...), Args&&... args);
template <typename T>
cudaError_t cudaOccupancyMaxPotentialClusterSize(int* cluster_size, T* func, const cudaLaunchConfig_t* config);
template <typename T>
cudaError_t cudaOccupancyMaxActiveClusters(int* clusters, T* func, const cudaLaunchConfig_t* config);
template <typename T>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int* grid, int* block, T func, size_t shared_mem = 0, int limit = 0);
