// gpulint shim: the make_* functions are declared with the vector types.
#pragma once
#include <vector_types.h>
