// gpulint shim of <thrust/tabulate.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
