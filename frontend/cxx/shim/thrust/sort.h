// gpulint shim of <thrust/sort.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
