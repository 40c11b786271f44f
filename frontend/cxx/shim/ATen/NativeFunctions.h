// gpulint shim of <ATen/NativeFunctions.h>: declared with the rest of ATen.
#pragma once
#include <ATen/ATen.h>
