#pragma once
// Explicit files (pre-commit passes only the staged ones) are analysed as
// part of their project: the nearest folder above them holding `.git`,
// `.gpulint.yaml` or `pyproject.toml` is walked as a folder run would be, so
// jobs, run configs and scripts link; only the findings located in the given
// files are reported. A finding that a job's value causes in a given script
// is reported at the script when the job file is not given.
#include <set>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "frontend/project/discover.h"

namespace gpulint::cli {

struct ProjectScope {
  std::vector<std::string> analysed;  // paths to discover: project roots, then the given files
  std::set<std::string> reported;     // display paths whose findings are reported; empty: all
};

// Paths as given when any is a folder or missing, or no file has a project.
[[nodiscard]] ProjectScope projectScope(const std::vector<std::string>& paths, const std::string& cwd);

// Of the project's other files, keeps what links to a given file: YAML/JSON
// (jobs and run configs, sniffed before any parse) and Python (a job finds
// its script by name among them). C++/CUDA files, judged alone and the
// costliest to parse, are dropped.
void keepContextFiles(Discovery& discovery, const ProjectScope& scope);

// The findings of `scope.reported` (all when it is empty).
[[nodiscard]] std::vector<Diagnostic> inScope(std::vector<Diagnostic> diagnostics, const ProjectScope& scope);

}  // namespace gpulint::cli
