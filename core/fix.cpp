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

}  // namespace gpulint
