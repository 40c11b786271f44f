// gpulint shim: half precision type, enough to name it.
#pragma once
#include <cuda_runtime.h>
struct __half { unsigned short x; };
typedef __half half;
