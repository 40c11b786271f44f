// gpulint shim of <cub/warp/warp_reduce.cuh>: declared with the rest of cub.
#pragma once
#include <cub/cub.cuh>
