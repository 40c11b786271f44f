// gpulint shim: the runtime API header, reduced to the runtime shim.
#pragma once
#include <cuda_runtime.h>
