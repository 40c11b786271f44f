#pragma once
// A fix rides on a diagnostic; it never touches files itself.
#include <cstdint>
#include <string>
#include <vector>

namespace gpulint {

// Ruff's vocabulary: safe fixes preserve behaviour and are applied by --fix;
// unsafe ones change behaviour or resources (--unsafe-fixes); display-only
// fixes are shown but never applied.
enum class Applicability { Safe, Unsafe, Display };

[[nodiscard]] const char* applicabilityName(Applicability a);

struct Edit {
  std::string file;  // display path, as in Location::file
  uint32_t begin = 0;
  uint32_t end = 0;  // byte range replaced by `replacement`
  std::string replacement;
};

struct Fix {
  std::string title;
  Applicability applicability = Applicability::Display;
  std::vector<Edit> edits;
};

}  // namespace gpulint
