// gpulint shim of <thrust/system/cuda/execution_policy.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
