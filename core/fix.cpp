#include "core/fix.h"

namespace gpulint {

const char* applicabilityName(Applicability a) {
  switch (a) {
    case Applicability::Safe: return "safe";
    case Applicability::Unsafe: return "unsafe";
    case Applicability::Display: return "display";
  }
  return "display";
}

std::string KeywordAppend::text() const {
  std::string out = prefix;
  for (size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
  return out + suffix;
}

}  // namespace gpulint
