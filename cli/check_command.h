#pragma once
#include "cli/options.h"

namespace gpulint::cli {
// `gpulint check`: discover, analyse in parallel, filter, report. Returns the exit code.
int runCheck(const Options& options);
}  // namespace gpulint::cli
