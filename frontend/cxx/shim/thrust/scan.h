// gpulint shim of <thrust/scan.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
