// gpulint shim of <ATen/WrapDimUtils.h>: declared with the rest of ATen.
#pragma once
#include <ATen/ATen.h>
