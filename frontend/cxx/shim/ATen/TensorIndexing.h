// gpulint shim of <ATen/TensorIndexing.h>: declared with the rest of ATen.
#pragma once
#include <ATen/ATen.h>
