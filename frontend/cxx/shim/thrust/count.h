// gpulint shim of <thrust/count.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
