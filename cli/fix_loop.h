#pragma once
// --fix / --unsafe-fixes / --diff: apply fixes in memory, round after round,
// until nothing changes; the caller writes files or prints diffs.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "checkers/pipeline.h"

namespace gpulint::cli {

struct FixResult {
  std::map<std::string, std::string> original;  // display path -> text before fixing (changed files only)
  int fixes_applied = 0;
  std::vector<std::string> messages;  // overlaps and rejected fixes
};

// `results` (one per file, analysed) are updated in place to the fixed state.
// `filter` turns raw per-file analyses into the reported diagnostics.
FixResult applyFixRounds(std::vector<FileAnalysis>& results, bool unsafe, const RuleOptions& options,
                         const std::function<std::vector<Diagnostic>(std::vector<FileAnalysis>&)>& filter);

}  // namespace gpulint::cli
