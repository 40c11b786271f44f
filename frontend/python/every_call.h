#pragma once
// Whether a node runs on every call of the function that holds it
// (every_call.cpp): what a helper does on each call (its effect summary).
#include "frontend/python/script_model.h"

namespace gpulint::python {

// An early return before `n` on the way up to f's body (a rank check, a
// type test or a rare exit aside): `n` runs only on the calls that get past it.
[[nodiscard]] bool returnsEarly(const ScriptModel& m, ts::Node n, const Function& f);
// Nothing but a rank check lies between `n` and f's body: no other
// condition, exception handler, while loop or batch loop of f's own.
[[nodiscard]] bool everyCallPastExits(const ScriptModel& m, ts::Node n, const Function& f);
// True when `n` runs on every call of `f`: both of the above.
[[nodiscard]] bool everyCall(const ScriptModel& m, ts::Node n, const Function& f);

}  // namespace gpulint::python
