// gpulint shim of <ATen/TensorUtils.h>: declared with the rest of ATen.
#pragma once
#include <ATen/ATen.h>
