// ScriptModel::inheritedLoopCall: an override that a base class's loop runs
// through self (script_model.h).
#include <string>

#include "frontend/python/hook_overrides.h"
#include "frontend/python/script_model.h"

namespace gpulint::python {

std::optional<BatchContext> ScriptModel::inheritedLoopCall(const Function& f) const {
  // Bases that name each other across files must not recurse without end.
  thread_local int depth = 0;
  if (!f.owner || f.owner->bases.empty() || depth > 4) return std::nullopt;
  struct Nest {
    Nest() { ++depth; }
    ~Nest() { --depth; }
  } nest;
  for (const auto& [base_model, c] : inheritedSelfCalls(*this, f)) {
    if (base_model != this && !base_model->mayRunPerStep()) continue;  // nothing of that file runs per step
    std::optional<BatchContext> batch = base_model->perStep(c->node);
    if (!batch) continue;
    auto where = [&](ts::Node n) {
      std::string line = std::to_string(n.line());
      return base_model == this ? "line " + line : base_model->file().path() + ":" + line;
    };
    BatchContext ctx;
    ctx.kind = batch->kind;
    ctx.inherited = batch->describe();
    if (batch->loop) ctx.inherited = "the " + std::string(loopKindName(batch->loop->kind)) + " at " + where(batch->loop->node);
    ctx.inherited += ", through " + c->function->owner->name + "." + c->function->name + "() calling self." + f.name +
                     "() at " + where(c->node);
    return ctx;
  }
  return std::nullopt;
}

}  // namespace gpulint::python
