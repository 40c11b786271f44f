#pragma once
// Questions the job rules (GPU301–GPU304) ask of a job role and of the
// script it launches, answered once here.
#include <optional>
#include <string>
#include <vector>

#include "checkers/checker.h"
#include "core/diagnostic.h"
#include "frontend/project/job.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// GPUs one node/container of the role requests: the resource request, else
// a Slurm-style `--gres=gpu:N` in its command; with where it is written.
struct GpuRequest {
  int64_t count = 0;
  Location at;
  std::string what;  // "nvidia.com/gpu at line 20", "`--gres=gpu:4` at line 7"
};
[[nodiscard]] std::optional<GpuRequest> gpuRequest(const JobContext& job);

// Where the role's CPU request is written (a YAML value or an `#SBATCH` option).
[[nodiscard]] std::optional<Location> cpusLocation(const JobContext& job);
// How messages name the role: "Container `trainer`", "Task role `main`", "The launch script".
[[nodiscard]] std::string roleTitle(const JobContext& job);

// A DataLoader of the script whose worker count resolves (with the job's
// values applied): omitted → 0.
struct LoaderWorkers {
  const python::Call* call = nullptr;
  python::ResolvedValue value;
  Location at;  // the num_workers argument, else the call's first line
};
// Loaders whose num_workers is known; unknown ones are left out.
[[nodiscard]] std::vector<LoaderWorkers> knownLoaderWorkers(const python::ScriptModel& script);
// The loader with the most workers (> 0), if any.
[[nodiscard]] std::optional<LoaderWorkers> busiestLoader(const python::ScriptModel& script);

// Where the script visibly trains: its first step loop's header, else its
// first line; for related locations.
[[nodiscard]] RelatedLocation trainingSpot(const python::ScriptModel& script, std::string message);

// Location of bytes of the job file, and of a config value in it.
[[nodiscard]] Location jobLocation(const JobContext& job, uint32_t begin, uint32_t end);
[[nodiscard]] Location valueLocation(const JobContext& job, const config::ConfigValue& value);
// The launch line as written: `python train.py` / `torchrun --nproc_per_node=2 train.py`.
[[nodiscard]] std::string launchText(const JobContext& job);
// "train.py" relative to the job, as the command names it.
[[nodiscard]] std::string scriptName(const JobContext& job);
// Related location: the launch (its launcher token) with a message.
[[nodiscard]] RelatedLocation launchRelated(const JobContext& job, std::string message);

}  // namespace gpulint::checks
