#pragma once
// `--statistics`: how many findings each rule has, instead of the findings
// themselves, to size the work of adopting gpulint (or of a new rule).
#include <ostream>
#include <vector>

#include "core/diagnostic.h"

namespace gpulint {

// Rules by count (most first, then id): "  12  GPU101  dataloader-defaults  [*]"
// where [*] marks a rule with a fix --fix applies to at least one finding.
void writeStatisticsText(std::ostream& out, const std::vector<Diagnostic>& diagnostics);
// The same as a JSON array of {rule, name, count, fixable}.
void writeStatisticsJson(std::ostream& out, const std::vector<Diagnostic>& diagnostics);

}  // namespace gpulint
