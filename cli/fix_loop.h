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
  std::map<std::string, int> fixes_per_file;     // display path -> fixes applied to it
  int fixes_applied = 0;
  std::vector<std::string> messages;  // overlaps and rejected fixes
  int analyses = 0;                    // fixed files analysed again (a round's cost), counted per round
};

using DiagnosticFilter = std::function<std::vector<Diagnostic>(std::vector<FileAnalysis>&)>;
// The project view of per-file analyses: jobs linked to their scripts
// (checkers/project_pass.h). Without one, each file stands alone.
using ProjectLink = std::function<std::vector<FileAnalysis>(const std::vector<FileAnalysis>& per_file)>;

// `results` (one per file, each analysed on its own) are updated in place to
// the fixed state. Every round judges the project view (`link`), so a fix
// planned through a job (a script read with the job's values, a job YAML
// edit) is re-checked through that job. `filter` turns analyses into the
// reported diagnostics.
// `view`, when given, is the project view of `results` as passed (what the
// caller reported), so the first round does not link again; on return it is
// the view of the fixed results.
// `texts_only` (--diff): the caller reads only the fixed texts, so a round
// whose fixes all end their chain (Fix::chain, else checkers/fixable_rules.h
// fixEndsChain; a fix that ends it only in its own file does so when the run
// analyses no other file) and that left no fix waiting is the last: its
// files are not analysed again.
// Their results then hold the fixed source only (no model, no findings), and
// `view` is left as it was.
FixResult applyFixRounds(std::vector<FileAnalysis>& results, bool unsafe, const RuleOptions& options,
                         const DiagnosticFilter& filter, const ProjectLink& link = {},
                         std::vector<FileAnalysis>* view = nullptr, bool texts_only = false);

}  // namespace gpulint::cli
