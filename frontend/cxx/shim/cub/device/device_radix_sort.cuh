// gpulint shim of <cub/device/device_radix_sort.cuh>: declared with the rest of cub.
#pragma once
#include <cub/cub.cuh>
