#pragma once
// Whether the value a call returns is differentiated where it is used
// (RULES.md GPU205): `loss = F.cross_entropy(self.predict(x), y)` then
// `loss.backward()`. Such a function is a training forward, whatever its
// name says, and no_grad on it would break training.
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// The value of `call` reaches a `.backward()` or `torch.autograd` call in
// the caller's scope, through the assignments and list appends there; a
// `return` of it hands the question to the callers of that scope (two
// levels).
[[nodiscard]] bool outputIsDifferentiated(const python::ScriptModel& m, const python::Call& call, int depth = 0);

// Some call of `f` in this file has its value differentiated.
[[nodiscard]] bool outputOfIsDifferentiated(const python::ScriptModel& m, const python::Function& f, int depth = 0);

}  // namespace gpulint::checks
