// gpulint shim of <thrust/gather.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
