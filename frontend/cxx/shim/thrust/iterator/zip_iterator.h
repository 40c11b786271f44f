// gpulint shim of <thrust/iterator/zip_iterator.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
