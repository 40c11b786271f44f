// gpulint shim of <ATen/ExpandUtils.h>: declared with the rest of ATen.
#pragma once
#include <ATen/ATen.h>
