// gpulint shim of <torch/extension.h>: ATen, torch::cuda, the operator
// registration and autograd API, and pybind11 (as `py`), as declarations. Used only when the real header is
// not on the include path.
#pragma once
#include <ATen/ATen.h>
#include <torch/cuda.h>
#include <torch/library.h>
#include <torch/csrc/autograd/custom_function.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
namespace py = pybind11;

#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME gpulint_extension
#endif
