#pragma once
// Effect summaries of project functions for the step-loop rules: what a call
// of a helper defined in another file does on every call (DESIGN.md
// "Pipeline", per-function effect summaries). A call in a step loop inherits
// its callee's effect, and the finding points at that call with the
// callee's line as a related location (one anti-pattern, one finding).
#include <map>
#include <optional>
#include <set>

#include "frontend/python/script_model.h"

namespace gpulint::checks {

// A host sync inside a helper: the file and the node that syncs.
struct HelperSync {
  const python::ScriptModel* model = nullptr;
  ts::Node at;
};

class HelperEffects {
 public:
  // The first host sync `f` (of `model`) performs on every call: a sync in
  // its own body not under a periodic guard, or one in a project function it
  // calls the same way. Summarised once per function (memoised); a
  // recursive call adds nothing; nullopt when there is none.
  std::optional<HelperSync> syncOf(const python::ScriptModel& model, const python::Function& f);

 private:
  std::map<const python::Function*, std::optional<HelperSync>> memo_;
  std::set<const python::Function*> active_;
};

}  // namespace gpulint::checks
