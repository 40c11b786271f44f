// gpulint shim of <torch/csrc/api/include/torch/types.h>: what extensions use of it is declared with torch/extension.h.
#pragma once
#include <torch/extension.h>
