// gpulint shim of <ATen/Utils.h>: declared with the rest of ATen.
#pragma once
#include <ATen/ATen.h>
