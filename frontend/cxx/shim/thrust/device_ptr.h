// gpulint shim of <thrust/device_ptr.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
