// gpulint shim of <thrust/copy.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
