// gpulint shim of <thrust/sequence.h>: declared with the execution policies.
#pragma once
#include <thrust/device_vector.h>
