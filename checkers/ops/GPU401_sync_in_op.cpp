#include "checkers/ops/GPU401_sync_in_op.h"

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
  if (!ops::copiesToHost(call)) return "";
  if (call.method == "item")
    return "copies the value to the host, so the CPU waits until every kernel queued before it has finished";
  return "copies the tensor to the host and waits for the GPU to finish it";
}

std::string advice(const cxx::Call& call) {
  if (!call.method.empty())
    return "Keep the value on the GPU (pass the tensor to the next kernel) or read it once outside the per-call "
           "path.";
  return "Remove it: kernels on PyTorch's current stream already run in order; if the host must see a result, "
         "record a cudaEvent and wait on it where the value is needed.";
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
    const cxx::Function* host = ops::gpuPerCallHost(model, call);
    if (!host || call.once_only_context) continue;
    // `x.cpu().item()`: the wait is the copy; the item of the host copy is free.
    if (call.method == "item" && call.receiver_method == "cpu") continue;
    sink.report(ops::makeDiagnostic(
        "GPU401", Level::Warning, model, call.range,
        "`" + ops::spelled(model, call.range) + "` " + ops::inFunction(*host, model) + " " + effect +
            "; the GPU then idles until the host queues the next work, on every call. " + advice(call)));
  }
}

}  // namespace gpulint::checks
