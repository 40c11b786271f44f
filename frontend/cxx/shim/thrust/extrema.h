// gpulint shim of <thrust/extrema.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
