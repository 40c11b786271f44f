#pragma once
// The default value of a function's parameter (`def run(opts=Opts(every=1))`).
#include <string_view>

#include "frontend/python/script_model.h"

namespace gpulint::python {

// The default of parameter `name` of `f`; null when it has none (value_sources.cpp).
[[nodiscard]] ts::Node parameterDefault(const Function& f, std::string_view name);

}  // namespace gpulint::python
