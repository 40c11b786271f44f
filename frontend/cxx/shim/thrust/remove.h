// gpulint shim of <thrust/remove.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
