// gpulint shim of THC's atomics (PyTorch < 1.11, still included by many
// extensions): atomicAdd and friends on the element types kernels use.
#pragma once
#include <ATen/cuda/Atomic.cuh>
