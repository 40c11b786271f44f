// gpulint's CUDA prelude, force-included into CUDA files: nvcc includes
// cuda_runtime.h implicitly, and with it the C library's math, string,
// time and stdlib headers, so kernels often compile without naming them.
// Resolves to the real header when the include path has one, else to
// gpulint's shim.
#pragma once
// clang's CUDA wrapper of <new> calls ::malloc and ::free.
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <time.h>
#include <cmath>
#include <cstdlib>
#include <cuda_runtime.h>
