// gpulint shim of <c10/cuda/CUDAException.h>: C10_CUDA_CHECK and the
// launch check (defined with the stream handle, where the real header
// family puts them too).
#pragma once
#include <c10/cuda/CUDAStream.h>
