// gpulint shim of autograd's variable helpers.
#pragma once
#include <torch/csrc/autograd/custom_function.h>
