#pragma once
// What a dict an object keeps in `self.x` holds (method_binding.cpp asks):
// `self.timers[name] = Timer(name)` then `return self.timers[name]`. Internal
// to the front end.
#include <vector>

#include "frontend/python/script_model.h"

namespace gpulint::python::dict_members {

// Every value stored into the dict `self.x` that `item` (a `self.x[key]`
// subscript of a method) reads: the `self.x[k] = v` assignments of its class
// and the values of a dict literal assigned to `self.x`. Empty when unknown:
// `self.x` is assigned anything but a dict display or `dict()`, changed by a
// method (`update`, `setdefault`), or nothing is ever stored into it.
[[nodiscard]] std::vector<ts::Node> storedValues(const ScriptModel& owner, ts::Node item);

}  // namespace gpulint::python::dict_members
