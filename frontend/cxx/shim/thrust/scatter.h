// gpulint shim of <thrust/scatter.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
