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

// Whether applying a fix can make a finding with a fix appear that was not
// there before (it writes what another rule reads): --diff stops after a
// round whose fixes cannot (cli/fix_loop.cpp), without analysing the fixed
// texts again.
enum class FixChain {
  ByRule,        // the rule's own answer (checkers/fixable_rules.h fixEndsChain)
  EndsInItsFile, // nothing can follow in the file it edits; another file of
                 // the run may read what it writes (a loader imported there,
                 // a job reading the worker count), so it ends only when the
                 // run analyses no other file
};

struct Fix {
  std::string title;
  Applicability applicability = Applicability::Display;
  std::vector<Edit> edits;
  FixChain chain = FixChain::ByRule;
};

}  // namespace gpulint
