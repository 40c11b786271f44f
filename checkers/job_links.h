#pragma once
// What the project step recognised, so that a miss is not silent
// (`gpulint check --show-links`, and `links` in the JSON report): each job
// found, its kind, the script each launch in it starts, the argv bound to
// that script's options and the run configs linked; and files that look
// like a job, or resources in a job, that gpulint does not read. Any job
// kind feeds it through jobLink()/launchLink(): a new kind that yields
// project::Job roles is listed with no change here.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "frontend/config/config_model.h"
#include "frontend/project/argv_binding.h"
#include "frontend/project/job.h"

namespace gpulint {

struct BoundArg {
  std::string flag;   // as the job wrote it
  std::string value;  // as written ("" for a store_true flag)
  std::string dest;   // the argparse option it sets
};

struct LaunchLink {
  std::string launcher;             // "python", "torchrun", ...
  std::optional<int64_t> processes;  // per node; nullopt when unknown
  std::string script;               // as written in the command (or `-m module`)
  std::string script_file;          // the analysed file it starts; "" when not found
  std::vector<BoundArg> argv;       // argv tokens bound to the script's options
  std::vector<std::string> configs;  // run config files linked through this launch
};

struct JobLink {
  std::string file;  // the job file (display path)
  uint32_t line = 0;
  std::string kind;  // "Kubeflow PyTorchJob", "Kubernetes Job", ...
  std::string role;  // container / task role ("" when unnamed)
  std::optional<int64_t> gpus;
  std::vector<LaunchLink> launches;
};

// Something in a job file that is not read: a document that looks like a
// job of a kind gpulint does not know, or a resource no rule reads.
struct NotRecognised {
  std::string file;
  uint32_t line = 0;
  std::string what;
};

struct ProjectLinks {
  std::vector<JobLink> jobs;
  std::vector<NotRecognised> not_recognised;
};

// A role of a recognised job, without its launches; resources of its
// container that no rule reads go to `links.not_recognised`.
[[nodiscard]] JobLink jobLink(const config::ConfigModel& model, const project::Job& job,
                              const project::JobRole& role, ProjectLinks& links);
// A role of a job read from a shell/Slurm launch script (no YAML model).
[[nodiscard]] JobLink scriptJobLink(const SourceFile& script, const project::Job& job, const project::JobRole& role);
// A launch, before its script is resolved.
[[nodiscard]] LaunchLink launchLink(const project::Launch& launch);
void addBindings(LaunchLink& link, const std::vector<project::OptionBinding>& bindings);
// A file that passed the job sniff but holds no job gpulint reads.
void addUnrecognisedJobFile(const config::ConfigModel& model, ProjectLinks& links);

}  // namespace gpulint
