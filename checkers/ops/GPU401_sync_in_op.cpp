#include "checkers/ops/GPU401_sync_in_op.h"

#include <cctype>

#include "checkers/ops/ops_common.h"

namespace gpulint::checks {

namespace {

// What the host waits for, or "" when the call is not a synchronisation.
std::string syncEffect(const cxx::Call& call) {
  if (call.callee == "cudaDeviceSynchronize" || call.callee == "torch::cuda::synchronize" ||
      call.callee == "c10::cuda::device_synchronize")
    return "blocks the CPU until every kernel queued on the device has finished";
  if (call.callee == "cudaStreamSynchronize")
    return "blocks the CPU until every kernel queued on the stream has finished";
  if (call.callee == "cudaEventSynchronize")
    return "blocks the CPU until the work queued before the event has finished";
  if (!ops::copiesToHost(call)) return "";
  if (call.method == "item")
    return "copies the value to the host, so the CPU waits until every kernel queued before it has finished";
  return "copies the tensor to the host and waits for the GPU to finish it";
}

bool namesBenchmark(std::string name) {
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name.find("bench") != std::string::npos || name.find("profile") != std::string::npos ||
         name.find("timing") != std::string::npos;
}

std::string advice(const cxx::Call& call, const cxx::CxxModel& model) {
  if (call.callee == "cudaEventSynchronize")
    return "Time steps without waiting on each: read the previous step's events (cudaEventQuery), or synchronise "
           "only on the steps that log.";
  if (!call.method.empty())
    return "Keep the value on the GPU (pass the tensor to the next kernel) or read it once outside the per-call "
           "path.";
  std::string stream = model.torch_project ? "PyTorch's current stream" : "one stream";
  return "Remove it: kernels on " + stream + " already run in order; if the host must see a result, record a "
         "cudaEvent and wait on it where the value is needed.";
}

}  // namespace

void SyncInOp::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const cxx::CxxModel& model = *ctx.cxx;
  for (const cxx::Call& call : model.calls) {
    std::string effect = syncEffect(call);
    if (effect.empty()) continue;
    // Kernels and device code cannot block the host; constructors, init
    // functions, main and static initializers pay the wait once; CPU code
    // (a reference kernel, the CPU branch of a dispatch) has no GPU to wait
    // for; a check's failure message runs once, when the op fails.
    ops::RepeatedSite site = ops::repeatedSite(model, call);
    if (!site.host || call.once_only_context) continue;
    // A benchmark helper waits on its events to read the time: that is what it is for.
    if (call.callee == "cudaEventSynchronize" && namesBenchmark(site.host->name)) continue;
    // `x.cpu().item()`: the wait is the copy; the item of the host copy is free.
    if (call.method == "item" && call.receiver_method == "cpu") continue;
    // The host waited just before with nothing queued since: reported there.
    if (ops::queueDrainedBefore(model, call)) continue;
    Diagnostic d = ops::makeDiagnostic(
        "GPU401", Level::Warning, model, call.range,
        "`" + ops::spelled(model, call.range) + "` " + site.where + " " + effect +
            "; the GPU then idles until the host queues the next work, on every call. " + advice(call, model));
    d.related = std::move(site.related);
    sink.report(std::move(d));
  }
}

}  // namespace gpulint::checks
