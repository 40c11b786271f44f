// gpulint shim of <THC/THC.h> (PyTorch < 1.11): the global state handle
// old extensions declare, and the device utilities.
#pragma once
#include <ATen/cuda/CUDAContext.h>
#include <THC/THCDeviceUtils.cuh>
struct THCState;
extern THCState* state;
cudaStream_t THCState_getCurrentStream(THCState* state);
void* THCudaMalloc(THCState* state, size_t size);
void THCudaFree(THCState* state, void* ptr);
#define THCudaCheck(expr) C10_CUDA_CHECK(expr)
#define THError(...) AT_ERROR(__VA_ARGS__)
#define THArgCheck(cond, arg, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
