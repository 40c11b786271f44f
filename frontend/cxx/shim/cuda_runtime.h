// gpulint shim of the CUDA runtime API: only what analysis needs (types,
// launch configuration, the calls the GPU4xx rules look for). Used only when
// the real header is not on the include path. Declarations only.
#pragma once
#include <stddef.h>
#include <stdint.h>  // the real runtime headers bring the fixed-width integer types

#include <crt/host_defines.h>
#include <vector_types.h>
#include <driver_types.h>
#include <device_functions.h>
#ifndef CUDART_VERSION
#define CUDART_VERSION 12000
#endif
#define CUDA_VERSION CUDART_VERSION
#include <cuda_runtime_api.h>
