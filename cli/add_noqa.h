#pragma once
// --add-noqa: a `# gpulint: disable=GPUxxx` comment (`//` in C++) at the end of
// every line that has a reported finding, so a legacy repository starts clean
// and every exception is visible where it is. Idempotent: suppressed findings
// are no longer reported, so a second run adds nothing.
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "frontend/source_file.h"

namespace gpulint::cli {

struct NoqaResult {
  std::string text;                   // the file with the comments added
  int added = 0;                      // lines that got a comment
  std::vector<std::string> refused;   // "path:line: why" for lines left alone
};

// Adds the comments to `file` for the findings located in it. A line is left
// alone when the comment would not be one (inside a string or block comment),
// would change meaning (after a `\` continuation; inside a YAML block
// scalar: the YAML data must stay equal), or when the file kind has no
// comments (JSON). The result never parses worse than the input.
[[nodiscard]] NoqaResult addNoqaComments(const SourceFile& file, const std::vector<Diagnostic>& diagnostics);

}  // namespace gpulint::cli
