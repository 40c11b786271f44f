#pragma once
// Machine-readable outputs besides SARIF: a flat JSON array, and GitHub
// Actions workflow commands (::warning file=...::message).
#include <ostream>
#include <vector>

#include "core/diagnostic.h"
#include "checkers/job_links.h"
#include "report/common.h"
#include "report/parse_gaps.h"

namespace gpulint {

// `sources` places findings in notebooks: JSON gives the cell ("cell", 1-based
// as in the text report, and "cell_index" into the notebook's `cells` array)
// and lines inside it; GitHub annotations point at the .ipynb JSON lines.
// `links` (--show-links) adds the `links` section (report/links_reporter.h).
// `parse_gaps` is the `parse_gaps` list (GPU400, one entry per file; always
// present); GitHub gets its summary as one notice.
void writeJson(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const std::vector<FileError>& errors,
               const SourceLookup& sources = {}, const ProjectLinks* links = nullptr,
               const std::vector<ParseGap>& parse_gaps = {});
void writeGithub(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const std::vector<FileError>& errors,
                 const SourceLookup& sources = {}, const std::vector<ParseGap>& parse_gaps = {});

}  // namespace gpulint
