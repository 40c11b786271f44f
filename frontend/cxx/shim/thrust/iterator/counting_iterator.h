// gpulint shim of <thrust/iterator/counting_iterator.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
