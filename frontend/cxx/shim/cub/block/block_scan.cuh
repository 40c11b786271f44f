// gpulint shim of <cub/block/block_scan.cuh>: declared with the rest of cub.
#pragma once
#include <cub/cub.cuh>
