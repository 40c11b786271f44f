#pragma once
// Shell and Slurm launch scripts (`*.sh`, `*.sbatch`, a shell shebang) as
// jobs: one role whose GPUs and CPUs per node come from the `#SBATCH`
// directives (slurm.h), whose launches are the script's commands with its
// variables expanded (shell_script.h), and whose process counts include
// srun's tasks (`srun python train.py` under `--ntasks-per-node=4` starts
// four per node). A script without directives or launch lines is not a job.
#include <optional>
#include <string>

#include "frontend/project/job.h"
#include "frontend/project/slurm.h"
#include "frontend/source_file.h"

namespace gpulint::project {

struct LaunchScript {
  std::optional<Job> job;  // nullopt: not a launch script (or not readable)
  SlurmRequest slurm;
  // Non-empty when the file looks like a launch script but could not be
  // read (a syntax the grammar does not accept, too deep): a note for the
  // user, not an error, since bash may well run it.
  std::string unreadable;
};

[[nodiscard]] LaunchScript readLaunchScript(const SourceFile& file);

// True when the text shows a launch: `#SBATCH` lines or a launcher word
// (srun, torchrun, accelerate, deepspeed, mpirun, python ... .py).
[[nodiscard]] bool looksLikeLaunchScript(std::string_view text);

}  // namespace gpulint::project
