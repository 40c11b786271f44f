#include "checkers/model/helper_effects.h"

#include "checkers/model/host_sync.h"

namespace gpulint::checks {

std::optional<HelperSync> HelperEffects::syncOf(const python::ScriptModel& model, const python::Function& f) {
  if (auto it = memo_.find(&f); it != memo_.end()) return it->second;
  if (!active_.insert(&f).second) return std::nullopt;  // recursion: cut
  std::optional<HelperSync> found;
  for (const python::Call& c : model.calls()) {
    if (c.function != &f || model.underPeriodicGuard(c.node, f.node)) continue;
    if (host_sync::maySync(model, c) && host_sync::syncOfCall(model, c)) {
      found = HelperSync{&model, c.node};
      break;
    }
    if (const python::Function* local = model.calledFunction(c))
      found = syncOf(model, *local);
    else if (auto [other, g] = model.calledElsewhere(c); g)
      found = syncOf(*other, *g);
    if (found) break;
  }
  active_.erase(&f);
  memo_[&f] = found;
  return found;
}

}  // namespace gpulint::checks
