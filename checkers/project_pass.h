#pragma once
// The project step after the per-file pass: YAML/JSON files are modelled,
// jobs found in them are linked to their entry scripts, and each linked
// script is analysed again with the job's argv bound to its argparse options.
// A script reached by a job reports what it does under its job(s) instead of
// under its defaults; a finding whose value is written in the job moves to
// the job's argv token (the script spot becomes a related location).
#include <string>
#include <vector>

#include "checkers/pipeline.h"

namespace gpulint {

struct ProjectInput {
  std::vector<FileAnalysis>* results;  // per-file results; scripts read from disk are appended
  // Where each result's file lies on disk (parallel to *results; "" when it
  // is in memory only); appended along with scripts read from disk.
  std::vector<std::string>* disk_paths;
  const RuleOptions* options;
};

void linkJobs(ProjectInput input);

}  // namespace gpulint
