// gpulint shim of <thrust/tuple.h>: std::tuple's shape is enough for a parse.
#pragma once
#include <tuple>
namespace thrust {
using std::get;
using std::make_tuple;
using std::tie;
using std::tuple;
}  // namespace thrust
