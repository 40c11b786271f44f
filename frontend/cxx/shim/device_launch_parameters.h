// gpulint shim of <device_launch_parameters.h>: threadIdx, blockIdx,
// blockDim and gridDim, which gpulint's CUDA prelude declares.
#pragma once
#include <cuda_runtime.h>
