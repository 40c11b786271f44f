// gpulint shim of <pybind11/stl_bind.h>: declared with the core binding API.
#pragma once
#include <pybind11/pybind11.h>
