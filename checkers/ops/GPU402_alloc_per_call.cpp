#include "checkers/ops/GPU402_alloc_per_call.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include "checkers/ops/ops_common.h"

namespace gpulint::checks {

namespace {

// `cudaFree(mask_dev)` of the buffer `cudaMalloc((void**)&mask_dev, ...)`
// allocated: the pointer's name as the free is given it.
bool allocates(const cxx::Call& malloc_call, const cxx::Call& free_call) {
  if (malloc_call.arg_texts.empty() || free_call.arg_texts.empty()) return false;
  std::string target = "&" + free_call.arg_texts[0];
  const std::string& out = malloc_call.arg_texts[0];  // `(void**)&p`, `reinterpret_cast<void**>(&p)`
  size_t at = out.rfind(target);
  if (at == std::string::npos) return false;
  size_t end = at + target.size();
  return end == out.size() || !(std::isalnum(static_cast<unsigned char>(out[end])) || out[end] == '_');
}

}  // namespace

void AllocPerCall::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const cxx::CxxModel& model = *ctx.cxx;
  std::vector<std::pair<const cxx::Call*, Diagnostic>> found;  // reported allocations and frees, in order
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
    Diagnostic d = ops::makeDiagnostic("GPU402", Level::Warning, model, call.range,
                                       "`" + name + "` " + ops::inFunction(*host, model) + " " + why + bypasses +
                                           ", so the GPU drains on every call; " + instead + ".");
    // The free of a buffer whose allocation is reported is the same edit
    // (the tensor that replaces both frees itself): a note of that finding.
    auto same_buffer = std::find_if(found.begin(), found.end(), [&](const auto& f) {
      return f.first->function == call.function && f.first->callee.starts_with("cudaMalloc") &&
             name.find("Free") != std::string::npos && allocates(*f.first, call);
    });
    if (same_buffer != found.end()) {
      same_buffer->second.related.push_back({d.location, "frees this buffer: part of this finding"});
      continue;
    }
    found.emplace_back(&call, std::move(d));
  }
  for (auto& [call, d] : found) sink.report(std::move(d));
}

}  // namespace gpulint::checks
