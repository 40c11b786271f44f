// Shell and Slurm launch scripts as jobs (see launch_script.h).
#include "frontend/project/launch_script.h"

#include "frontend/project/shell_script.h"

namespace gpulint::project {

namespace {

std::string_view baseName(std::string_view w) {
  size_t slash = w.rfind('/');
  return slash == std::string_view::npos ? w : w.substr(slash + 1);
}

// The tasks per node an `srun` wrapper starts: its own options over the
// batch directives. Unknown when a word of its options is unknown (`srun
// $ARGS`) or when no directive says what the allocation is.
std::optional<SlurmValue> srunTasks(const SlurmRequest& batch, const std::vector<ArgToken>& wrapper, size_t srun) {
  std::vector<ArgToken> options(wrapper.begin() + static_cast<long>(srun) + 1, wrapper.end());
  for (const ArgToken& w : options)
    if (w.unknown) return std::nullopt;
  SlurmRequest step = withSrunOptions(batch, options);
  bool own_tasks = step.tasks_per_node || step.ntasks;
  if (!batch.any_directive && !own_tasks) return std::nullopt;  // run inside some allocation we cannot see
  return tasksPerNode(step);
}

// A launch under `srun` runs once per task: its processes per node are the
// tasks times the launcher's own count.
void applySrun(const SlurmRequest& batch, Launch& l) {
  size_t srun = l.wrapper.size();
  for (size_t i = 0; i < l.wrapper.size(); ++i)
    if (baseName(l.wrapper[i].text) == "srun") srun = i;
  if (srun == l.wrapper.size()) return;
  std::optional<SlurmValue> tasks = srunTasks(batch, l.wrapper, srun);
  if (tasks && tasks->value == 1) return;  // one task: the launcher's own count
  l.uses_all_gpus = false;                 // several launchers share the node's GPUs
  if (!tasks || !l.processes) {
    l.processes = std::nullopt;
    l.processes_token = l.wrapper[srun];
    return;
  }
  l.processes = *l.processes * tasks->value;
  l.processes_token = tasks->token;
}

JobRole scriptRole(const SlurmRequest& slurm, ShellFacts facts) {
  JobRole role;
  role.name = slurm.any_directive ? "batch script" : "script";
  // A GPU count on a step's own command line (`srun --gres=gpu:2`) is what
  // that step gets; else the allocation's.
  if (!facts.gres_gpus)
    if (std::optional<PerNode> gpus = gpusPerNode(slurm)) {
      facts.gres_gpus = gpus->count.value;
      facts.gres_token = gpus->count.token;
      facts.gres_how = gpus->how;
    }
  if (std::optional<PerNode> cpus = cpusPerNode(slurm)) {
    role.cpus = static_cast<double>(cpus->count.value);
    role.cpus_token = cpus->count.token;
    role.cpus_what = cpus->how;
  }
  for (Launch& l : facts.launches) applySrun(slurm, l);
  role.shell = std::move(facts);
  return role;
}

}  // namespace

bool looksLikeLaunchScript(std::string_view text) {
  for (std::string_view word : {"#SBATCH", "srun ", "torchrun", "accelerate launch", "deepspeed ", "mpirun ",
                                "torch.distributed.run", "torch.distributed.launch"})
    if (text.find(word) != std::string_view::npos) return true;
  for (size_t at = text.find("python"); at != std::string_view::npos; at = text.find("python", at + 1)) {
    size_t line_end = text.find('\n', at);
    if (text.substr(at, line_end == std::string_view::npos ? std::string_view::npos : line_end - at).find(".py") !=
        std::string_view::npos)
      return true;
  }
  return false;
}

LaunchScript readLaunchScript(const SourceFile& file) {
  LaunchScript out;
  out.slurm = readSlurmDirectives(file.text());
  ShellScript script = readShellScript(file);
  bool readable = script.refused.empty() && !script.parse_error;
  if (!readable) {
    if (looksLikeLaunchScript(file.text()))
      out.unreadable = !script.refused.empty() ? script.refused
                                               : "a launch script gpulint's shell grammar cannot read (line " +
                                                     std::to_string(script.error_line) + "): not analysed";
    return out;
  }
  ShellFacts facts = readLaunches(script.words, {});
  if (facts.launches.empty() && !out.slurm.any_directive) return out;  // a shell script, not a launcher
  Job job;
  job.schema = JobSchema::LaunchScript;
  job.roles.push_back(scriptRole(out.slurm, std::move(facts)));
  out.job = std::move(job);
  return out;
}

}  // namespace gpulint::project
