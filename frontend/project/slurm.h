#pragma once
// `#SBATCH` directives of a Slurm batch script: the resources the job asks
// for per node (GPUs, tasks, CPUs, memory), each with the option token it is
// written in. Directives are read the way sbatch reads them: comment lines
// before the first command; a value Slurm would take as a range or with an
// unknown unit is left unknown.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/project/launch.h"

namespace gpulint::project {

// One option value with where it is written (the whole option word).
struct SlurmValue {
  int64_t value = 0;
  ArgToken token;
};

struct SlurmRequest {
  bool any_directive = false;  // at least one `#SBATCH` line
  std::optional<SlurmValue> nodes;            // -N/--nodes (a single number only)
  std::optional<SlurmValue> ntasks;           // -n/--ntasks (every node's)
  std::optional<SlurmValue> tasks_per_node;   // --ntasks-per-node
  std::optional<SlurmValue> cpus_per_task;    // -c/--cpus-per-task
  std::optional<SlurmValue> cpus_per_gpu;     // --cpus-per-gpu
  std::optional<SlurmValue> gres_gpus;        // --gres=gpu[:type]:N (per node)
  std::optional<SlurmValue> gpus;             // -G/--gpus=[type:]N (the whole job's)
  std::optional<SlurmValue> gpus_per_node;    // --gpus-per-node=[type:]N
  std::optional<SlurmValue> gpus_per_task;    // --gpus-per-task=[type:]N
  std::optional<SlurmValue> mem_bytes;        // --mem (per node; a bare number is MiB)
};

// Reads the directives of a script's text (offsets are file bytes).
[[nodiscard]] SlurmRequest readSlurmDirectives(std::string_view text);

// Options of `srun`/`sbatch`/`salloc` words (`srun -N 2 --ntasks-per-node=4`)
// merged over `base`: a step's own options win over the batch directives.
[[nodiscard]] SlurmRequest withSrunOptions(SlurmRequest base, const std::vector<ArgToken>& words);

// Tasks started per node; nullopt when Slurm decides (--ntasks without
// a node count) or a value is unknown. With no task option: one per node.
[[nodiscard]] std::optional<SlurmValue> tasksPerNode(const SlurmRequest& r);
// GPUs per node, with a note on how it is computed ("" when written as is).
struct PerNode {
  SlurmValue count;
  std::string how;
};
[[nodiscard]] std::optional<PerNode> gpusPerNode(const SlurmRequest& r);
[[nodiscard]] std::optional<PerNode> cpusPerNode(const SlurmRequest& r);

}  // namespace gpulint::project
