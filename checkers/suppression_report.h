#pragma once
// Findings about suppression comments themselves:
//   GPU001 unused-suppression   a directive that suppressed nothing in this run
//                               (only with --report-unused-suppressions)
//   GPU002 invalid-suppression  a `gpulint:` directive that could not be read,
//                               and so suppresses nothing
// A stale `disable=GPU201` hides the next real GPU201 written on that line; a
// misspelt one (`disable=GPU2O1`) never worked. Both are reported where the
// comment is, GPU001 with a safe fix that deletes the directive.
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "checkers/suppression.h"
#include "frontend/source_file.h"

namespace gpulint {

[[nodiscard]] std::vector<Diagnostic> invalidSuppressionFindings(const Suppressions& suppressions,
                                                                 const SourceFile& source);

// `rules_run`: the rule ids that ran on this file. A selector is judged only
// when every rule it covers ran (a `disable=GPU4` is not unused because the
// C++ rules were deselected), and never for a bare `# noqa`, which may be
// meant for another tool.
[[nodiscard]] std::vector<Diagnostic> unusedSuppressionFindings(const Suppressions& suppressions,
                                                                const SourceFile& source,
                                                                const std::vector<std::string>& rules_run);

}  // namespace gpulint
