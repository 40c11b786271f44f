#include "frontend/cxx/cxx_model.h"

namespace gpulint::cxx {

const StreamVar* CxxModel::streamAt(uint32_t offset) const {
  const StreamVar* best = nullptr;
  for (const StreamVar& s : streams) {
    if (s.declared_at >= offset || offset < s.scope.begin || offset >= s.scope.end) continue;
    // Innermost scope wins; among equals, the latest declaration.
    if (!best || s.scope.begin > best->scope.begin ||
        (s.scope.begin == best->scope.begin && s.declared_at > best->declared_at))
      best = &s;
  }
  return best;
}

}  // namespace gpulint::cxx
