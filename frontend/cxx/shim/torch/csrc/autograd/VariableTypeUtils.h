// gpulint shim of an autograd internals header some extensions include for
// their tensor checks; what they use of it is ATen's.
#pragma once
#include <ATen/ATen.h>
