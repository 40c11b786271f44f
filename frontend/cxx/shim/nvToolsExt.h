// gpulint shim of <nvToolsExt.h> (NVTX 2): as <nvtx3/nvToolsExt.h>.
#pragma once
#include <nvtx3/nvToolsExt.h>
