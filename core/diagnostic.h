#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/fix.h"
#include "core/location.h"

namespace gpulint {

enum class Level { Note = 0, Warning = 1, Error = 2 };

[[nodiscard]] const char* levelName(Level level);
[[nodiscard]] bool parseLevel(const std::string& text, Level* out);

struct RelatedLocation {
  Location location;
  std::string message;
};

// A fix for the place a bad value is written when that may be another file
// (a job's argv token, a run config's value), which the rule cannot see:
// replace `literal` there. The project pass turns it into an edit when it
// moves the finding to that file.
struct WrittenValueFix {
  std::string literal;      // "0"
  std::string replacement;  // "4"
  std::string title;
  Applicability applicability = Applicability::Unsafe;
};

struct Diagnostic {
  std::string rule;  // "GPU201"
  Level level = Level::Warning;
  Location location;
  std::string message;
  std::vector<RelatedLocation> related;
  std::vector<Fix> fixes;
  std::optional<WrittenValueFix> value_fix;
};

// Orders by file, position, then rule, so output is deterministic.
[[nodiscard]] bool diagnosticLess(const Diagnostic& a, const Diagnostic& b);

}  // namespace gpulint
