#include "checkers/ops/GPU403_blocking_memcpy.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "checkers/ops/ops_common.h"

namespace gpulint::checks {

namespace {

// The Async form of the call as a fix, when a stream variable is visible
// and the call is written out in the file (not inside a macro body).
std::optional<Fix> asyncFix(const cxx::CxxModel& model, const cxx::Call& call, const std::string& async_name) {
  const cxx::StreamVar* stream = model.streamAt(call.range.begin);
  if (!stream || !call.callee_name.editable || call.args.empty() || !call.args.back().editable) return std::nullopt;
  // Device-to-device copies and memsets stay ordered on the stream. A copy
  // the host reads or refills afterwards would race once it returns early,
  // so those changes need a human: unsafe.
  bool device_only = async_name == "cudaMemsetAsync" ||
                     (call.arg_texts.size() == 4 && call.arg_texts[3].find("DeviceToDevice") != std::string::npos);
  Fix fix{"Use " + async_name + "(..., " + stream->name + ")",
          device_only ? Applicability::Safe : Applicability::Unsafe, {}};
  const std::string& file = model.source->path();
  fix.edits.push_back(Edit{file, call.callee_name.begin, call.callee_name.end, async_name});
  fix.edits.push_back(Edit{file, call.args.back().end, call.args.back().end, ", " + stream->name});
  return fix;
}

// `cudaMemcpy(..., cudaMemcpyDeviceToDevice)`: no host-side wait (CUDA's
// "API synchronization behavior"), unlike a copy to or from host memory.
bool deviceToDevice(const cxx::Call& call) {
  return call.arg_texts.size() == 4 && call.arg_texts[3].find("DeviceToDevice") != std::string::npos;
}

// `cudaMemcpy(h_loss, d_loss, n, cudaMemcpyDeviceToHost)` whose destination
// the host reads in the next statements of its function (the loss summed on
// the next line): an async copy would only move the wait to that read. The
// read, with the name read; line 0 when there is none close by.
struct HostRead {
  uint32_t line = 0;
  std::string name;
};

HostRead hostReadsRightAfter(const cxx::CxxModel& model, const cxx::Call& call) {
  if (call.arg_texts.size() != 4 || call.arg_texts[3].find("DeviceToHost") == std::string::npos) return {};
  if (call.function < 0) return {};
  std::string_view dst = call.arg_texts[0];
  while (!dst.empty() && (dst.front() == '&' || dst.front() == '(' || dst.front() == ' ')) dst.remove_prefix(1);
  while (!dst.empty() && (dst.back() == ')' || dst.back() == ' ')) dst.remove_suffix(1);
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  if (dst.empty() || !std::all_of(dst.begin(), dst.end(), [&](char c) { return word(c) || c == '.' || c == '-' || c == '>'; }))
    return {};
  const std::string& text = model.source->text();
  constexpr size_t kNear = 400;  // a few statements
  size_t end = std::min<size_t>({model.functions[call.function].range.end, call.range.end + kNear, text.size()});
  for (size_t at = text.find(dst, call.range.end); at != std::string::npos && at < end; at = text.find(dst, at + 1)) {
    bool starts = at == 0 || !word(text[at - 1]);
    bool ends = at + dst.size() >= text.size() || !word(text[at + dst.size()]);
    size_t line_start = text.rfind('\n', at);
    line_start = line_start == std::string::npos ? 0 : line_start + 1;
    bool commented = std::string_view(text).substr(line_start, at - line_start).find("//") != std::string_view::npos;
    if (starts && ends && !commented) return {model.source->location(at, at).start.line, std::string(dst)};
  }
  return {};
}

// What to change: the Async form on the stream in scope (a CUDA program's
// own, or PyTorch's current one), from page-locked host memory.
std::string advice(const cxx::CxxModel& model, const cxx::Call& call, bool host_async, const std::string& async_name) {
  const cxx::StreamVar* stream = model.streamAt(call.range.begin);
  std::string use = "Use " + async_name;
  if (stream) use += " on the current stream (`" + stream->name + "` is in scope)";
  else if (model.torch_project) use += " on the current stream (at::cuda::getCurrentCUDAStream())";
  else use += " on a stream of the program's own (cudaStreamCreate), the one its kernels run on";
  if (host_async) return use + ".";
  return use + ", from pinned (page-locked) host memory (cudaMallocHost or cudaHostRegister): from pageable memory "
               "the copy still waits.";
}

}  // namespace

void BlockingMemcpy::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const cxx::CxxModel& model = *ctx.cxx;
  for (const cxx::Call& call : model.calls) {
    bool copy = call.callee == "cudaMemcpy";
    if (!copy && call.callee != "cudaMemset") continue;
    // Once-only set-up code (constructors, init functions, static
    // initializers, a lazy set-up block) may block; it does not run per step.
    const cxx::Function* host = ops::gpuPerCallHost(model, call);
    if (!host || call.once_only_context) continue;
    // A memset of device memory and a device-to-device copy return before
    // the GPU runs them. On the legacy default stream they cost something
    // only beside the streams a PyTorch extension's caller may run (ordering
    // and graph capture; a CUDA program that uses stream 0 alone loses nothing).
    bool host_async = !copy || deviceToDevice(call);
    if (host_async && !model.torch_project) continue;
    // A blocking copy right after the host waited, with nothing queued
    // since, waits for nothing new: the first wait is the finding.
    if (!host_async && ops::queueDrainedBefore(model, call)) continue;
    std::string async_name = copy ? "cudaMemcpyAsync" : "cudaMemsetAsync";
    std::string use = advice(model, call, host_async, async_name);
    // In an extension the legacy default stream is the cost (ordering with
    // PyTorch's stream); a program's loss read back each step is the wait itself.
    HostRead read = host_async || model.torch_project ? HostRead{} : hostReadsRightAfter(model, call);
    if (read.line)
      use = "The host reads `" + read.name + "` right after it (line " + std::to_string(read.line) +
            "), so an async copy would only move the wait there: keep the reduction on the device and copy its "
            "result back every N steps.";
    std::string what =
        host_async ? " runs on the legacy default stream instead of PyTorch's current stream (" +
                         ops::torchProjectOrigin(model) +
                         "): the host does not wait for it, but under `torch.cuda.stream(s)` it is not ordered "
                         "with the work queued on `s` (PyTorch's streams are non-blocking), and CUDA graph capture "
                         "fails on it, so the operator keeps paying one CPU launch per kernel while the GPU waits. "
                   : " is blocking: it runs on the legacy default stream, waits for the GPU work queued before it "
                     "and returns only when it is done, so the CPU cannot queue the next kernels and the GPU "
                     "idles around every copy. ";
    Diagnostic d = ops::makeDiagnostic("GPU403", Level::Warning, model, call.range,
                                       "`" + call.callee + "` " + ops::inFunction(*host, model) + what + use);
    if (!read.line)
      if (auto fix = asyncFix(model, call, async_name)) d.fixes.push_back(std::move(*fix));
    sink.report(std::move(d));
  }
}

}  // namespace gpulint::checks
