// gpulint shim of <ATen/Context.h>: declared with the rest of ATen.
#pragma once
#include <ATen/ATen.h>
