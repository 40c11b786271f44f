#pragma once
// The default value of a function's parameter (`def run(opts=Opts(every=1))`).
#include <string_view>

#include "frontend/python/script_model.h"

namespace gpulint::python {

// The default of parameter `name` of `f`; null when it has none (value_sources.cpp).
[[nodiscard]] ts::Node parameterDefault(const Function& f, std::string_view name);
// Where a call passes parameter `name` of `f` positionally (a method's
// `self` is the receiver, not an argument: -1 for `self` itself).
[[nodiscard]] int parameterPosition(const Function& f, std::string_view name);

}  // namespace gpulint::python
