// gpulint shim of c10's CUDA device functions.
#pragma once
#include <c10/cuda/CUDAStream.h>
namespace c10::cuda {
int device_count();
int current_device();
void set_device(int device);
void device_synchronize();
}  // namespace c10::cuda
