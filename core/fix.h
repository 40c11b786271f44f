#pragma once
// A fix rides on a diagnostic; it never touches files itself.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpulint {

// Ruff's vocabulary: safe fixes preserve behaviour and are applied by --fix;
// unsafe ones change behaviour or resources (--unsafe-fixes); display-only
// fixes are shown but never applied.
enum class Applicability { Safe, Unsafe, Display };

[[nodiscard]] const char* applicabilityName(Applicability a);

// How an edit that appends keyword arguments to a call's argument list was
// built: replacement == prefix + items joined by separator + suffix. Two such
// edits at the same range of the same text compose into one (the keywords of
// both, in order), which is what applying the first and planning the second
// again on the result would give, so fixes of one call need no extra round.
struct KeywordAppend {
  std::string prefix, separator, suffix;
  std::vector<std::string> names;  // the keywords, one per item
  std::vector<std::string> items;  // "num_workers=4", "\n    pin_memory=True,", ...

  [[nodiscard]] std::string text() const;  // the replacement it describes
};

struct Edit {
  std::string file;  // display path, as in Location::file
  uint32_t begin = 0;
  uint32_t end = 0;  // byte range replaced by `replacement`
  std::string replacement;
  std::optional<KeywordAppend> appends;  // set by fixits::addKeywords
};

struct Fix {
  std::string title;
  Applicability applicability = Applicability::Display;
  std::vector<Edit> edits;
};

}  // namespace gpulint
