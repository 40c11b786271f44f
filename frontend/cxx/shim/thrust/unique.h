// gpulint shim of <thrust/unique.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
