// gpulint shim of <pybind11/functional.h>: declared with the core binding API.
#pragma once
#include <pybind11/pybind11.h>
