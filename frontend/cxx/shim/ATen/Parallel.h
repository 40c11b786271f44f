// gpulint shim of <ATen/Parallel.h>: declared with the rest of ATen.
#pragma once
#include <ATen/ATen.h>
