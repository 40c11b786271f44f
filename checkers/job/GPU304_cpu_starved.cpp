#include "checkers/job/GPU304_cpu_starved.h"

#include <cmath>
#include <sstream>

#include "checkers/job/job_common.h"

namespace gpulint::checks {

namespace {

constexpr double kMinCpusPerGpu = 2.0;

std::string number(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

// Processes per node the launch starts: its count, or one per requested GPU
// for launchers that use every visible GPU; nullopt when unknown.
std::optional<int64_t> processesPerNode(const JobContext& job, const std::optional<GpuRequest>& gpus) {
  if (!job.launch) return std::nullopt;
  if (job.launch->uses_all_gpus) return gpus ? std::optional<int64_t>(gpus->count) : std::nullopt;
  if (job.launch->launcher == project::Launcher::Mpi) return std::nullopt;  // -np counts every node's processes
  return job.launch->processes;
}

}  // namespace

void CpuStarved::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  if (!ctx.job) return;
  const JobContext& job = *ctx.job;
  const project::JobRole& role = *job.role;
  // No CPU request: the scheduler's default (often every core of the node) applies; unknown.
  std::optional<Location> cpus_at = cpusLocation(job);
  if (!role.cpus || !cpus_at || *role.cpus <= 0) return;
  std::optional<GpuRequest> gpus = gpuRequest(job);
  if (!gpus || gpus->count < 1) return;  // a CPU-only role cannot starve a GPU
  double cpus = *role.cpus;
  Diagnostic d;
  d.rule = "GPU304";
  d.level = Level::Warning;
  d.location = *cpus_at;
  d.related.push_back({gpus->at, "the GPU request"});
  std::string how = role.cpus_what.empty() ? "" : " (`" + role.cpus_token->text + "` " + role.cpus_what + ")";
  std::string request = roleTitle(job) + " requests " + number(cpus) + " CPU" + (cpus == 1 ? "" : "s") + how +
                        " for " + std::to_string(gpus->count) + " GPU" + (gpus->count == 1 ? "" : "s");
  double per_gpu = cpus / static_cast<double>(gpus->count);
  if (per_gpu < kMinCpusPerGpu) {
    d.message = request + " (" + number(per_gpu) + " per GPU): each GPU's training process needs a core to launch "
                "kernels and more for loading and augmenting batches, so the GPUs wait on the CPU. Request at least " +
                number(std::ceil(kMinCpusPerGpu * static_cast<double>(gpus->count))) + " CPUs (2 per GPU; 4-8 with "
                "loader workers).";
    sink.report(std::move(d));
    return;
  }
  // Enough per GPU on paper: do the script's loader workers fit?
  if (!job.script) return;
  std::optional<LoaderWorkers> loader = busiestLoader(*job.script);
  std::optional<int64_t> processes = processesPerNode(job, gpus);
  if (!loader || !processes || *processes < 1) return;
  double per_process = cpus / static_cast<double>(*processes);
  if (static_cast<double>(loader->value.int_value) <= per_process) return;
  d.message = request + ", and " + (*processes == 1 ? std::string("its one training process") :
                                    "each of its " + std::to_string(*processes) + " training processes") +
              " starts " + std::to_string(loader->value.int_value) + " loader workers (num_workers at " +
              loader->at.file + ":" + std::to_string(loader->at.start.line) + ") on " + number(per_process) +
              " CPUs: the workers time-share the cores, batches arrive late and the GPU waits. Request at least " +
              number(std::ceil(static_cast<double>((loader->value.int_value + 1) * *processes))) +
              " CPUs, or lower num_workers to " + number(std::floor(per_process > 1 ? per_process - 1 : 1)) + ".";
  d.related.push_back({loader->at, "the loader's workers"});
  sink.report(std::move(d));
}

}  // namespace gpulint::checks
