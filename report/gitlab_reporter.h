#pragma once
// GitLab Code Quality report (the `codequality` artifact of a CI job): a JSON
// array of issues, each with a description, check_name, a fingerprint unique
// to the finding, a severity and `location.path` + `location.lines.begin`.
// GitLab shows them in merge requests; paths must be relative to the
// repository root, so run gpulint from there.
#include <ostream>
#include <vector>

#include "core/diagnostic.h"
#include "report/common.h"

namespace gpulint {

// `sources` supplies the line text the fingerprints hash (the same
// fingerprints as SARIF's partialFingerprints and baselines). A file that
// could not be analysed is an issue too (check_name "gpulint/file-error"), so
// the merge request shows it rather than a silently shorter report.
void writeGitlab(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const std::vector<FileError>& errors,
                 const SourceLookup& sources);

}  // namespace gpulint
