#include "checkers/job/GPU302_gpu_never_used.h"

#include <algorithm>

#include "checkers/job/job_common.h"
#include "checkers/python_common.h"
#include "frontend/project/argv_binding.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

std::string flagName(std::string_view flag) {
  std::string s(flag.substr(flag.find_first_not_of('-') == std::string_view::npos ? 0 : flag.find_first_not_of('-')));
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

// The job's argv option that selects the CPU: `--cpu`, `--no-cuda`,
// `--device cpu`, `--accelerator cpu` (bound to an option the script has).
const project::OptionBinding* cpuFlag(const JobContext& job) {
  if (!job.bindings) return nullptr;
  for (const project::OptionBinding& b : *job.bindings) {
    std::string name = flagName(b.flag);
    bool switch_flag = name == "cpu" || name == "no_cuda" || name == "use_cpu" || name == "no_gpu" || name == "force_cpu";
    if (switch_flag && b.value.kind == python::ResolvedValue::Kind::Bool) return &b;
    bool device_option = name == "device" || name == "accelerator";
    if (device_option && b.value.kind == python::ResolvedValue::Kind::String && b.value.string_value == "cpu") return &b;
  }
  return nullptr;
}

// A `.to(x)` argument that is a dtype, not a device.
bool isDtype(ts::Node arg) {
  std::string_view last = python::syntax::lastName(arg);
  return arg.is("attribute") && (last.starts_with("float") || last.starts_with("int") || last.starts_with("uint") ||
                                 last == "bfloat16" || last == "half" || last == "bool" || last == "long" ||
                                 last == "double" || last.starts_with("complex"));
}

// "cpu"/"cuda"... for a device argument: a string, or a name bound (on every
// path) to `torch.device("<string>")`; "" when unknown.
std::string deviceName(const python::ScriptModel& script, ts::Node arg) {
  python::ResolvedValue v = script.resolve(arg);
  if (v.kind == python::ResolvedValue::Kind::String) return v.string_value;
  std::vector<ts::Node> sources = script.valueSources(arg, /*all_paths=*/true);
  std::string name;
  for (ts::Node source : sources) {
    const python::Call* call = source.is("call") ? script.callAt(source) : nullptr;
    if (!call || call->qualified != "torch.device" || call->positional.empty()) return "";
    python::ResolvedValue d = script.resolve(call->positional.front());
    if (d.kind != python::ResolvedValue::Kind::String || (!name.empty() && name != d.string_value)) return "";
    name = d.string_value;
  }
  return name;
}

// Where the script pins itself to the CPU (`torch.device("cpu")`,
// `.to("cpu")`, `device="cpu"`); `any_device` is set when some device
// argument is not the CPU or is unknown (it may be a GPU).
ts::Node cpuPlacement(const python::ScriptModel& script, bool* any_device) {
  ts::Node cpu;
  auto judge = [&](ts::Node arg) {
    if (!arg || isDtype(arg)) return;
    if (deviceName(script, arg) == "cpu") {
      if (!cpu) cpu = arg;
    } else {
      *any_device = true;
    }
  };
  for (const python::Call& call : script.calls()) {
    if (call.method == "set_device" || call.qualified.find("DataParallel") != std::string::npos) *any_device = true;
    if (call.qualified == "torch.device" || (call.method == "to" && call.receiver))
      judge(call.positional.empty() ? ts::Node() : call.positional.front());
    judge(call.keyword("device"));
  }
  return cpu;
}

// Does the script import code of the analysed project (which may place the
// model on the GPU where we do not look)?
bool importsProjectCode(const python::ScriptModel& script, const JobContext& job) {
  for (const auto& [local, qualified] : script.imports()) {
    std::string top = qualified.substr(0, qualified.find('.'));
    if (job.projectModule(top)) return true;
  }
  return false;
}

std::string idleGpus(const GpuRequest& gpus) { return gpus.count == 1 ? "the GPU idles" : "the GPUs idle"; }

}  // namespace

void GpuNeverUsed::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  // Only a job role whose command starts a script we have analysed.
  if (!ctx.job || !ctx.job->launch || !ctx.job->script) return;
  const JobContext& job = *ctx.job;
  std::optional<GpuRequest> gpus = gpuRequest(job);
  if (!gpus || gpus->count < 1) return;
  const python::ScriptModel& script = *job.script;

  Diagnostic d;
  d.rule = "GPU302";
  d.level = Level::Error;
  std::string request = "requests " + std::to_string(gpus->count) + " GPU" + (gpus->count == 1 ? "" : "s");
  if (const project::OptionBinding* flag = cpuFlag(job)) {
    d.location = jobLocation(job, flag->token.begin, flag->token.end);
    std::string written = flag->token.text == flag->flag || flag->token.text.starts_with(flag->flag + "=")
                              ? flag->token.text : flag->flag + " " + flag->token.text;
    d.message = "The job passes `" + written + "`, which makes " + script.file().path() +
                " run on the CPU, but the job " + request + " (" + gpus->what + "): " + (gpus->count == 1 ? "it stays" : "they stay") + " idle for the whole job. " +
                "Drop the flag, or request no GPU.";
    d.related.push_back({gpus->at, "the GPU request"});
    if (const python::ArgparseOption* o = script.argparseOption(flag->dest))
      d.related.push_back({script.location(o->call), "the script's option"});
    sink.report(std::move(d));
    return;
  }
  // Training not visible in this file, or done by a library that uses the GPU itself: unknown.
  if (!scriptTrains(script) || script.usesCuda() || usesImplicitGpuFramework(script) || importsProjectCode(script, job))
    return;
  bool any_device = false;
  ts::Node cpu = cpuPlacement(script, &any_device);
  if (any_device) return;  // a device we cannot resolve may be a GPU
  d.location = gpus->at;
  if (cpu) {
    d.message = "The job " + request + " (" + gpus->what + "), but " + script.file().path() +
                " hard-codes the device " + std::string(cpu.text()) + ": " + idleGpus(*gpus) + " for the whole job while "
                "the CPU trains. Select the device with torch.device(\"cuda\" if torch.cuda.is_available() else "
                "\"cpu\"), or request no GPU.";
    d.related.push_back({script.location(cpu), "the device is fixed to the CPU here"});
  } else {
    d.message = "The job " + request + " (" + gpus->what + "), but " + script.file().path() +
                " never moves its model or data to a GPU (no .cuda(), .to(device) or GPU framework): " + idleGpus(*gpus) +
                " for the whole job while the CPU trains. Move the model and each batch to "
                "torch.device(\"cuda\"), or request no GPU.";
    d.related.push_back(trainingSpot(script, "trains on the CPU"));
  }
  sink.report(std::move(d));
}

}  // namespace gpulint::checks
