// gpulint shim of <cuda_profiler_api.h>.
#pragma once
#include <driver_types.h>
extern "C" {
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
}
