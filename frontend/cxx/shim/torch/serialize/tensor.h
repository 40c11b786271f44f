// gpulint shim of <torch/serialize/tensor.h>: what extensions use of it is declared with torch/extension.h.
#pragma once
#include <torch/extension.h>
