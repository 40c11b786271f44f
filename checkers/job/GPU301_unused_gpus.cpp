#include "checkers/job/GPU301_unused_gpus.h"

#include "checkers/job/job_common.h"
#include "checkers/python_common.h"
#include "fixits/yaml_edits.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

// Lightning's Trainer: `devices`/`gpus` unset means "auto" (every visible
// GPU, one process each); only a literal single device keeps it on one.
bool lightningUsesOneDevice(const python::ScriptModel& script, const python::Call& call) {
  for (const char* name : {"devices", "gpus"}) {
    ts::Node arg = call.keyword(name);
    if (!arg) continue;
    python::ResolvedValue v = script.resolve(arg);
    if (v.kind == python::ResolvedValue::Kind::Int) return v.int_value == 1;
    if (arg.is("list") && arg.namedChildCount() == 1) return true;
    return false;  // "auto", -1, a list, unknown: Lightning may use them all
  }
  return false;
}

// LightningCLI builds the Trainer from its config: `trainer.devices: 1`
// (from a linked config or `--trainer.devices=1`) keeps it on one GPU.
bool cliUsesOneDevice(const python::ScriptModel& script) {
  std::optional<python::ResolvedValue> v = script.configValue(python::ConfigRoot::LightningTrainer, "devices");
  return v && v->kind == python::ResolvedValue::Kind::Int && v->int_value == 1;
}

// The script's own way of using several GPUs from one launched process:
// process spawning, Lightning, Horovod/MPI, submitit, JAX, TF strategies, or
// DataParallel (a poor one: GPU207). Anything unrecognised but spawn-like
// (`launch(main, num_gpus)`) counts too, so an unknown never fires.
const char* multiGpuPath(const python::ScriptModel& script) {
  for (const char* module : {"horovod", "submitit", "jax", "ray", "deepspeed"})
    if (script.importsModule(module)) return module;
  for (const python::Call& call : script.calls()) {
    const std::string& q = call.qualified;
    if (call.method == "spawn" || call.method == "start_processes" || call.method == "launch" ||
        call.method == "notebook_launcher")
      return "a process launcher call";
    if (q.find("DataParallel") != std::string::npos && q.find("Distributed") == std::string::npos)
      return "DataParallel";
    if (q.starts_with("tensorflow.distribute.") || q.starts_with("tf.distribute.")) return "a tf.distribute strategy";
    bool lightning = q.starts_with("pytorch_lightning.") || q.starts_with("lightning.");
    if (lightning && call.method == "Trainer" && !lightningUsesOneDevice(script, call)) return "Lightning's Trainer";
    if (lightning && call.method == "LightningCLI" && !cliUsesOneDevice(script)) return "LightningCLI's Trainer";
    // HF Trainer without a distributed launcher wraps the model in
    // DataParallel itself: that is GPU207's finding, not this one.
    if (isTrainingArguments(script, call)) return "HF Trainer";
  }
  return nullptr;
}

// Is the launcher's process count what the job really starts? torchrun
// without --nproc_per_node under Kubeflow (or with PET_NPROC_PER_NODE set)
// takes the operator's count: unknown.
bool processCountKnown(const JobContext& job) {
  const project::Launch& l = *job.launch;
  if (!l.processes || l.uses_all_gpus || l.launcher == project::Launcher::Mpi) return false;
  bool implicit = l.processes_token.begin == l.launcher_token.begin && l.processes_token.end == l.launcher_token.end;
  if (l.launcher == project::Launcher::Torchrun && implicit)
    return job.job->schema != project::JobSchema::Kubeflow && !l.env.count("PET_NPROC_PER_NODE");
  return true;
}

// torchrun's count written as a literal where the job sets it (the option,
// or the script variable it comes from), with no srun tasks multiplying it:
// set it to the GPUs requested. Unsafe: it changes the processes, hence the
// global batch size and the learning-rate schedule.
std::optional<Fix> raiseProcessCount(const JobContext& job, int64_t gpus) {
  const project::Launch& l = *job.launch;
  const project::ArgToken& t = l.processes_token;
  if (l.launcher != project::Launcher::Torchrun || t.unknown) return std::nullopt;
  if (t.begin == l.launcher_token.begin && t.end == l.launcher_token.end) return std::nullopt;  // the default
  if (std::to_string(*l.processes) != t.text) return std::nullopt;  // srun tasks multiply it
  auto edit = fixits::replaceTokenValue(*job.file, t.begin, t.end, t.text, std::to_string(gpus));
  if (!edit) return std::nullopt;
  return Fix{"Start " + std::to_string(gpus) + " processes per node (torchrun --nproc_per_node)",
             Applicability::Unsafe, {*edit}};
}

bool usesLightning(const python::ScriptModel& script) {
  return script.importsModule("lightning") || script.importsModule("pytorch_lightning");
}

}  // namespace

void UnusedGpus::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  // Only a job role whose command starts a script we have analysed.
  if (!ctx.job || !ctx.job->launch || !ctx.job->script) return;
  const JobContext& job = *ctx.job;
  std::optional<GpuRequest> gpus = gpuRequest(job);
  // One GPU (or an unknown count, e.g. hidden in an AML SKU name) cannot idle this way.
  if (!gpus || gpus->count <= 1) return;
  if (!processCountKnown(job)) return;
  int64_t processes = *job.launch->processes;
  if (processes >= gpus->count) return;
  const python::ScriptModel& script = *job.script;
  // A thin wrapper whose training lives elsewhere: we cannot see its launch logic.
  if (!scriptTrains(script)) return;
  if (multiGpuPath(script)) return;

  int64_t idle = gpus->count - processes;
  Diagnostic d;
  d.rule = "GPU301";
  d.level = Level::Error;
  d.location = gpus->at;
  std::string started =
      processes == 1 ? "starts one training process" : "starts " + std::to_string(processes) + " processes per node";
  bool lightning = usesLightning(script);
  std::string n = std::to_string(gpus->count);
  std::string why = lightning ? " pins its Lightning Trainer to devices=1: "
                              : " has no multi-GPU path of its own (no torchrun/mp.spawn, Lightning devices or "
                                "DataParallel): ";
  std::string remedy = lightning ? "Set the Trainer's devices to " + n + " (Lightning starts one process per device)"
                                 : "Start one process per GPU (`torchrun --nproc_per_node=" + n +
                                       "` with DistributedDataParallel)";
  d.message = "The job requests " + n + " GPUs per node (" + gpus->what + "), but " + launchText(job) + " " + started +
              " and " + script.file().path() + why + std::to_string(idle) + " of the " + n + " GPUs " +
              (idle == 1 ? "stays" : "stay") + " idle for the whole job. " + remedy + ", or request " +
              std::to_string(processes) + " GPU" + (processes == 1 ? "" : "s") + ".";
  d.related.push_back(launchRelated(job, started + " here"));
  d.related.push_back(trainingSpot(script, "the training it runs"));
  if (!lightning)
    if (std::optional<Fix> fix = raiseProcessCount(job, gpus->count)) d.fixes.push_back(std::move(*fix));
  sink.report(std::move(d));
}

}  // namespace gpulint::checks
