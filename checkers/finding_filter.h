#pragma once
// What a user sees of one file's findings, the same in `gpulint check` and
// the language server: the selected rules, minus what suppression comments
// hide, plus the findings about those comments (GPU002 always, GPU001 when
// asked), at the levels the settings give.
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "frontend/project/settings.h"
#include "frontend/source_file.h"

namespace gpulint {

struct FindingFilterOptions {
  bool report_unused_suppressions = false;
  // The file was analysed completely (no per-file error): only then can a
  // suppression be known to be unused.
  bool analysed = true;
};

// The rule ids that run under `settings` in this build (the C++/CUDA rules
// need libTooling).
[[nodiscard]] std::vector<std::string> rulesRun(const Settings& settings);

// `diagnostics`: the file's findings as the checkers produced them. Not sorted.
[[nodiscard]] std::vector<Diagnostic> selectFindings(std::vector<Diagnostic> diagnostics, const SourceFile& source,
                                                     const Settings& settings, const FindingFilterOptions& options);

}  // namespace gpulint
