// gpulint shim of NVTX's <nvtx3/nvToolsExtCudaRt.h>: naming CUDA streams
// and events for the profiler.
#pragma once
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
extern "C" {
void nvtxNameCudaStreamA(cudaStream_t stream, const char* name);
void nvtxNameCudaEventA(cudaEvent_t event, const char* name);
void nvtxNameCudaDeviceA(int device, const char* name);
}
#define nvtxNameCudaStream nvtxNameCudaStreamA
#define nvtxNameCudaEvent nvtxNameCudaEventA
