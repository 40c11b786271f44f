// gpulint shim of NVTX's <nvtx3/nvToolsExt.h>: the profiler's range and
// naming calls (no effect on the GPU's queue).
#pragma once
#include <stdint.h>
extern "C" {
int nvtxRangePushA(const char* message);
int nvtxRangePop(void);
void nvtxMarkA(const char* message);
void nvtxNameOsThreadA(uint32_t thread_id, const char* name);
}
#define nvtxRangePush nvtxRangePushA
#define nvtxMark nvtxMarkA
