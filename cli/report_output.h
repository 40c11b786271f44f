#pragma once
// What `gpulint check` writes at the end: the report in the chosen format, or
// the per-rule statistics; and the option combinations that make no sense.
#include <ostream>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "checkers/job_links.h"
#include "checkers/pipeline.h"
#include "cli/options.h"
#include "report/common.h"
#include "report/parse_gaps.h"

namespace gpulint::cli {

struct ReportInput {
  const std::vector<Diagnostic>& diagnostics;
  const std::vector<FileError>& file_errors;
  const SourceLookup& lookup;
  std::string root;  // absolute folder the display paths are relative to
  const ProjectLinks* links = nullptr;  // --show-links: what the project step recognised
  std::vector<ParseGap> parse_gaps = {};  // GPU400, reported once for the run
};

// Moves the GPU400 findings that survived selection, suppression and the
// baseline out of `diagnostics`: they are reported once for the run, not as
// findings. `results` supplies each file's missing headers.
[[nodiscard]] std::vector<ParseGap> takeParseGaps(std::vector<Diagnostic>& diagnostics,
                                                  const std::vector<FileAnalysis>& results);

// Colour for the text report: --no-color, then --color, then NO_COLOR and
// FORCE_COLOR (set and neither empty nor "0"), then whether the report goes
// to a terminal. NO_COLOR wins over FORCE_COLOR: not colouring is the safe side.
[[nodiscard]] bool useColor(const Options& o, bool to_terminal);

// A usage error for options that cannot go together ("" when they can).
[[nodiscard]] std::string checkOptionsError(const Options& o);

void writeReport(std::ostream& out, const Options& o, const ReportInput& in);

}  // namespace gpulint::cli
