// gpulint shim of <thrust/fill.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
