// gpulint shim of <thrust/iterator/transform_iterator.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
