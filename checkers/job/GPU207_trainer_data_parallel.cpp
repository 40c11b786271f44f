#include "checkers/job/GPU207_trainer_data_parallel.h"

#include "checkers/job/job_common.h"
#include "checkers/python_common.h"

namespace gpulint::checks {

namespace {

// The TrainingArguments call of a script that trains with HF's Trainer.
const python::Call* trainerArguments(const python::ScriptModel& script) {
  for (const python::Call& call : script.calls())
    if (isTrainingArguments(script, call)) return &call;
  return nullptr;
}

}  // namespace

void TrainerDataParallel::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  if (!ctx.job || !ctx.job->launch || !ctx.job->script) return;
  const JobContext& job = *ctx.job;
  // Only a plain interpreter start: torchrun/accelerate/deepspeed give the
  // Trainer one process per GPU, and it uses DistributedDataParallel.
  if (job.launch->launcher != project::Launcher::Python) return;
  std::optional<GpuRequest> gpus = gpuRequest(job);
  if (!gpus || gpus->count <= 1) return;  // one visible GPU: the Trainer does not wrap
  const python::Call* args = trainerArguments(*job.script);
  if (!args) return;
  // An explicit `no_cuda`/`use_cpu` or a set CUDA_VISIBLE_DEVICES changes what the Trainer sees: unknown.
  if (args->keyword("no_cuda") || args->keyword("use_cpu") || job.launch->env.count("CUDA_VISIBLE_DEVICES")) return;

  const project::ArgToken& launcher = job.launch->launcher_token;
  Diagnostic d;
  d.rule = "GPU207";
  d.level = Level::Warning;
  d.location = jobLocation(job, launcher.begin, launcher.end);
  d.message = launchText(job) + " starts one process on a node with " + std::to_string(gpus->count) + " GPUs (" +
              gpus->what + "), so the Hugging Face Trainer in " + job.script->file().path() +
              " wraps the model in torch.nn.DataParallel: every step copies the weights from GPU 0 to the others, "
              "splits the batch and gathers the outputs back on GPU 0, and the other GPUs wait on it. Launch with "
              "`torchrun --nproc_per_node=" + std::to_string(gpus->count) +
              "` (or `accelerate launch`) so the Trainer runs DistributedDataParallel, one process per GPU.";
  d.related.push_back({gpus->at, "the GPU request"});
  d.related.push_back({callHead(*job.script, *args), "the Trainer's arguments"});
  sink.report(std::move(d));
}

}  // namespace gpulint::checks
