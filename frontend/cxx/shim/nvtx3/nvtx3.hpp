// gpulint shim of <nvtx3/nvtx3.hpp>: the C API of <nvtx3/nvToolsExt.h>.
#pragma once
#include <nvtx3/nvToolsExt.h>
