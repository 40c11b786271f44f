#pragma once
// The project step after the per-file pass: YAML/JSON files are modelled,
// jobs found in them are linked to their entry scripts, and each linked
// script is analysed again with the job's argv bound to its argparse options
// and the run configs it reads (run_config_pass.h; a script no job reaches is
// analysed with the configs it names itself, e.g. @hydra.main's default).
// A script reached by a job reports what it does under its job(s) instead of
// under its defaults; a finding whose value is written in the job or a config
// file moves to that argv token or config value (the script spot becomes a
// related location).
#include <string>
#include <vector>

#include "checkers/job_links.h"
#include "checkers/pipeline.h"

namespace gpulint {

struct ProjectInput {
  std::vector<FileAnalysis>* results;  // per-file results; scripts and configs read from disk are appended
  // Where each result's file lies on disk (parallel to *results; "" when it
  // is in memory only); appended along with scripts read from disk.
  std::vector<std::string>* disk_paths;
  const RuleOptions* options;
  ProjectLinks* links = nullptr;  // when set, receives what was recognised and linked
  unsigned jobs = 1;              // threads for the checks deferred by the per-file pass
};

void linkJobs(ProjectInput input);

// The project view of per-file analyses whose scripts are all present (the
// state after a first linkJobs): a linked copy, `per_file` untouched. What a
// --fix round judges.
[[nodiscard]] std::vector<FileAnalysis> linkedView(const std::vector<FileAnalysis>& per_file,
                                                   const std::vector<std::string>& disk_paths,
                                                   const RuleOptions& options, unsigned jobs = 1);

}  // namespace gpulint
