// gpulint shim of <thrust/functional.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
