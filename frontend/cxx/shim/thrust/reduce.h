// gpulint shim of <thrust/reduce.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
