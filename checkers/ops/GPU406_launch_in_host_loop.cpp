#include "checkers/ops/GPU406_launch_in_host_loop.h"

#include <cctype>
#include <set>

#include "checkers/ops/ops_common.h"

namespace gpulint::checks {

namespace {

// Tensor methods that only read metadata: no kernel runs.
bool metadataOnly(const std::string& method) {
  static const std::set<std::string> names = {
      "size",        "sizes",         "stride",        "strides",     "numel",          "dim",
      "defined",     "is_cuda",       "is_cpu",        "is_contiguous", "device",       "get_device",
      "scalar_type", "dtype",         "options",       "data_ptr",    "mutable_data_ptr", "const_data_ptr",
      "data",        "element_size",  "storage_offset", "ndimension", "type"};
  return names.count(method) > 0;
}

// Methods that return a view or an accessor of the same memory: no kernel
// runs and nothing is copied. `contiguous()` of an already contiguous tensor
// (a row of a contiguous batch) is the tensor itself.
bool viewOnly(const cxx::Call& call) {
  static const std::set<std::string> views = {
      "select",     "slice",      "narrow",    "view",      "view_as",    "reshape",   "transpose",
      "permute",    "unsqueeze",  "squeeze",   "expand",    "expand_as",  "t",         "as_strided",
      "alias",      "flatten",    "unflatten", "split",     "chunk",      "unbind",    "contiguous",
      "accessor",   "packed_accessor32", "packed_accessor64", "packed_accessor", "generic_packed_accessor"};
  if (views.count(call.method)) return true;
  // `x[i]`, `x.index({i, Slice()})` with integers select a view; a tensor
  // index gathers with a kernel.
  if (call.method == "operator[]" || call.method == "index") return !call.tensor_arg;
  // `t = other` rebinds a tensor handle; `x[i] = v` (into a temporary view)
  // copies or fills with a kernel.
  if (call.method == "operator=") return !call.receiver_temporary && call.tensor_arg;
  return false;
}

// `word` as a whole identifier in `text` (not as part of a longer one).
bool mentionsWord(const std::string& text, const std::string& word) {
  if (word.empty()) return false;
  auto identChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    size_t end = at + word.size();
    if ((at == 0 || !identChar(text[at - 1])) && (end == text.size() || !identChar(text[end]))) return true;
  }
  return false;
}

std::string loopText(const cxx::CxxModel& model, const cxx::Loop& loop) {
  return "the loop at line " + std::to_string(model.location(loop.header).start.line) + ", whose trip count depends on `" +
         loop.bound + "`";
}

bool multipliesMatrices(std::string_view text) {
  for (std::string_view op : {"addmm", ".mm(", "::mm(", "matmul", "bmm(", "baddbmm", "addbmm", "einsum", "conv"})
    if (text.find(op) != std::string_view::npos) return true;
  return false;
}

}  // namespace

void LaunchInHostLoop::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const cxx::CxxModel& model = *ctx.cxx;
  for (const cxx::Launch& launch : model.launches) {
    // Constant trip counts (a loop over 3 streams) and loops that break or
    // return right after the launch launch a bounded, small number of times.
    // A launch whose grid fills the device is not a small kernel, and one that
    // flushes an accumulated batch already is the batching asked for.
    const cxx::Loop* loop = ops::dataDependentLoop(model, launch.loops);
    if (!loop || launch.leaves_loop || launch.grid_fills_device || launch.flushes_batch ||
        !ops::hostFunction(model, launch.function))
      continue;
    sink.report(ops::makeDiagnostic(
        "GPU406", Level::Note, model, launch.range,
        "kernel `" + launch.kernel + "` is launched on every iteration of " + loopText(model, *loop) +
            ": each launch costs the CPU several microseconds and each small kernel leaves the GPU idle "
            "between launches. Batch the iterations into one launch (one more grid dimension over the loop)."));
  }
  // Per-element tensor ops: one finding per loop, at its first such op.
  // Views and metadata launch nothing; host copies are GPU401's finding.
  std::set<const cxx::Loop*> reported;
  for (const cxx::Call& call : model.calls) {
    if (!ops::isTensorClass(call.receiver_type) || metadataOnly(call.method) || viewOnly(call) ||
        ops::copiesToHost(call))
      continue;
    const cxx::Loop* loop = ops::dataDependentLoop(model, call.loops);
    if (!loop || call.leaves_loop || reported.count(loop) || !ops::gpuPerCallHost(model, call)) continue;
    // Per element: the loop variable indexes the object (`x[i].fill_(0)`) or
    // is an argument. A range-for over a list of tensors (`for (auto& t :
    // parts) t.zero_()`) works on whole tensors, not on elements.
    bool per_element = call.receiver_text != loop->induction && mentionsWord(call.receiver_text, loop->induction);
    for (const std::string& arg : call.arg_texts) per_element = per_element || mentionsWord(arg, loop->induction);
    if (!per_element) continue;
    // `out[elt][g] = out[elt][g].flatten(1).addmm_(w[g], cols[g])`: a matrix
    // product per pass works on whole slices, a kernel that fills the GPU.
    if (multipliesMatrices(model.text(call.range))) continue;
    reported.insert(loop);
    sink.report(ops::makeDiagnostic(
        "GPU406", Level::Note, model, call.range,
        "`" + ops::spelled(model, call.range) + "` works on one element per iteration of " + loopText(model, *loop) +
            ": every iteration launches its own tiny kernel, so the GPU spends the loop waiting for the CPU. "
            "Express it as one tensor operation over the whole range (slicing, index_select, a vectorised op)."));
  }
}

}  // namespace gpulint::checks
