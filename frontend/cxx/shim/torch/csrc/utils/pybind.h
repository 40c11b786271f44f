// gpulint shim of <torch/csrc/utils/pybind.h>: what extensions use of it is declared with torch/extension.h.
#pragma once
#include <torch/extension.h>
