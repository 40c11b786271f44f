#pragma once
// Shared by the fix-round tests: every finding of a set of analyses, and a
// fixed text with the rounds' account.
#include <string>
#include <vector>

#include "cli/fix_loop.h"

namespace gpulint::cli::testing_support {

inline std::vector<Diagnostic> everything(std::vector<FileAnalysis>& results) {
  std::vector<Diagnostic> out;
  for (auto& r : results) out.insert(out.end(), r.diagnostics.begin(), r.diagnostics.end());
  return out;
}

struct Fixed {
  std::string text;
  FixResult result;
};

}  // namespace gpulint::cli::testing_support
