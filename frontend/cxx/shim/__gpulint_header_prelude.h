// gpulint's header prelude, force-included when a header (.h, .hpp, .cuh)
// is analysed on its own: out of the file that includes it, a header misses
// what that file included first. The C and C++ standard headers extensions
// lean on stand in for that context; nothing of torch or CUDA is added.
#pragma once
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>
