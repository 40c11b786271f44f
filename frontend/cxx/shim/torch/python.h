// gpulint shim of <torch/python.h>: the Python binding API, declared with
// the rest of the extension API.
#pragma once
#include <torch/extension.h>
