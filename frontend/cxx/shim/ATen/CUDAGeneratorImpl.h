// gpulint shim of the pre-1.8 path of <ATen/cuda/CUDAGeneratorImpl.h>.
#pragma once
#include <ATen/cuda/CUDAGeneratorImpl.h>
