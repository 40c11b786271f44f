// gpulint shim of <curand.h>.
#pragma once
#include <curand_kernel.h>
