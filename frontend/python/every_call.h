#pragma once
// Whether a node runs on every call of the function that holds it
// (every_call.cpp): what a helper does on each call (its effect summary),
// and what a module's forward does each time the module is called.
#include <functional>

#include "frontend/python/script_model.h"

namespace gpulint::python {

// An early return before `n` on the way up to f's body (a rank check, a
// type test or a rare exit aside): `n` runs only on the calls that get past it.
[[nodiscard]] bool returnsEarly(const ScriptModel& m, ts::Node n, const Function& f);
// A condition of f known to hold on the call asked about (setByCall); null: none is.
using HoldsOnCall = std::function<bool(ts::Node condition)>;
// Nothing but a rank check (or a condition that `holds`) lies between `n`
// and f's body: no other condition, exception handler, while loop or batch
// loop of f's own.
[[nodiscard]] bool everyCallPastExits(const ScriptModel& m, ts::Node n, const Function& f,
                                      const HoldsOnCall& holds = nullptr);
// True when `n` runs on every call of `f`: both of the above.
[[nodiscard]] bool everyCall(const ScriptModel& m, ts::Node n, const Function& f, const HoldsOnCall& holds = nullptr);
// `condition` (of f) is `if <param> is not None:` or `if <param>:` and call
// `c` passes <param> something other than a None or False literal.
[[nodiscard]] bool setByCall(const ScriptModel& m, const Call& c, const Function& f, ts::Node condition);

// `if self.training:` in a method: true on every call made while the
// module is in training mode (nn.Module.train() sets the flag on the model
// and every submodule; eval() clears it), so on every training step.
[[nodiscard]] bool testsTrainingMode(ts::Node condition);

// `meter(logits, y)` where `c` runs `f`, a module's forward: nn.Module's
// __call__ runs it, rather than a call that names it (`m.forward(x)`).
[[nodiscard]] inline bool callsModuleForward(const Call& c, const Function& f) {
  return f.owner && f.name == "forward" && c.method != "forward";
}

}  // namespace gpulint::python
