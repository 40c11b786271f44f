// gpulint shim of <thrust/transform.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
