#include "checkers/ops/GPU402_alloc_per_call.h"

#include "checkers/ops/ops_common.h"

namespace gpulint::checks {

void AllocPerCall::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const cxx::CxxModel& model = *ctx.cxx;
  for (const cxx::Call& call : model.calls) {
    const std::string& name = call.callee;
    bool device = name == "cudaMalloc" || name == "cudaFree";
    bool pinned = name == "cudaMallocHost" || name == "cudaFreeHost";
    if (!device && !pinned) continue;
    // Constructors, destructors, init/setup/cleanup/free-named functions,
    // static initializers, std::call_once and `if (!buf)` lazy set-up run
    // once; a container's resize/grow path and an allocation behind a
    // capacity check on persistent state run only when the buffer grows.
    const cxx::Function* host = ops::gpuPerCallHost(model, call);
    if (!host || call.once_only_context || host->grow_path || call.amortised) continue;
    std::string why = name.find("Free") != std::string::npos
                          ? "frees memory, which waits for all work queued on the device"
                          : "allocates memory, which synchronises the device implicitly";
    // A CUDA program without PyTorch has no caching allocator to point to.
    std::string instead = !model.torch_project
                              ? "allocate the buffer once (in main or an init function) and reuse it across calls"
                          : pinned ? "keep one pinned buffer for the lifetime of the extension (allocate it in an "
                                     "init function) or use at::empty(..., at::TensorOptions().pinned_memory(true))"
                                   : "allocate with at::empty(..., input.options()) so PyTorch's caching allocator "
                                     "reuses memory, or allocate once in a constructor or init function";
    std::string bypasses = model.torch_project ? " and bypasses PyTorch's caching allocator" : "";
    sink.report(ops::makeDiagnostic("GPU402", Level::Warning, model, call.range,
                                    "`" + name + "` " + ops::inFunction(*host, model) + " " + why + bypasses +
                                        ", so the GPU drains on every call; " + instead + "."));
  }
}

}  // namespace gpulint::checks
