#pragma once
#include <string>
#include <vector>

#include "fixits/fix.h"
#include "frontend/source_file.h"

namespace gpulint {

enum class Level { Note = 0, Warning = 1, Error = 2 };

[[nodiscard]] const char* levelName(Level level);
[[nodiscard]] bool parseLevel(const std::string& text, Level* out);

struct RelatedLocation {
  Location location;
  std::string message;
};

struct Diagnostic {
  std::string rule;  // "GPU201"
  Level level = Level::Warning;
  Location location;
  std::string message;
  std::vector<RelatedLocation> related;
  std::vector<Fix> fixes;
};

// Orders by file, position, then rule, so output is deterministic.
[[nodiscard]] bool diagnosticLess(const Diagnostic& a, const Diagnostic& b);

}  // namespace gpulint
