#pragma once
#include <c10/cuda/CUDAGuard.h>
