// gpulint shim of <thrust/for_each.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
