// gpulint shim of <cub/block/block_reduce.cuh>: declared with the rest of cub.
#pragma once
#include <cub/cub.cuh>
