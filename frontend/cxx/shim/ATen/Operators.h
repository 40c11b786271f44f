// gpulint shim of <ATen/Operators.h>: declared with the rest of ATen.
#pragma once
#include <ATen/ATen.h>
