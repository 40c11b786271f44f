// gpulint shim of <cub/device/device_scan.cuh>: declared with the rest of cub.
#pragma once
#include <cub/cub.cuh>
