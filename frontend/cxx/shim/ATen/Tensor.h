// gpulint shim of <ATen/Tensor.h>: declared with the rest of ATen.
#pragma once
#include <ATen/ATen.h>
