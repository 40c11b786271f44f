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
// In C++ the toolkit's headers also bring parts of the standard library
// (<utility> from cuda_runtime.h, <functional> and <tuple> through the
// cooperative-groups and libcu++ headers); kernels' host code uses them
// without an include.
#include <functional>
#include <tuple>
#include <utility>
// nvcc (11.5 and later) defines the architectures it compiles for, in the
// host pass too; host code sizes its dispatch tables from it.
#ifndef __CUDA_ARCH_LIST__
#define __CUDA_ARCH_LIST__ 800
#endif
