// gpulint shim of <thrust/binary_search.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
