// gpulint shim of <thrust/host_vector.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
