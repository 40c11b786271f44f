#include "checkers/ops/GPU404_default_stream_launch.h"

#include <algorithm>

#include "checkers/ops/ops_common.h"

namespace gpulint::checks {

namespace {

constexpr const char* kCurrentStream = "at::cuda::getCurrentCUDAStream()";

// What a launch on stream 0 costs in a PyTorch extension. PyTorch's own
// streams are non-blocking, so stream 0 does not wait for them: the cost is
// ordering under a side stream and CUDA graph capture, not serialisation.
constexpr const char* kNotCurrent =
    " instead of PyTorch's current stream: called under `torch.cuda.stream(s)` (a prefetch or communication "
    "stream) it is not ordered after the work queued on `s` and may read inputs not written yet, and CUDA graph "
    "capture (`torch.cuda.graph`, `torch.compile(mode=\"reduce-overhead\")`) fails on it, so a model using the "
    "operator keeps paying one CPU launch per kernel while the GPU waits. ";

// The first fix of a file also includes the header that declares
// at::cuda::getCurrentCUDAStream, unless something already declares it.
void addInclude(const cxx::CxxModel& model, bool& include_added, Fix& fix) {
  if (include_added) return;
  fix.edits.push_back(Edit{model.source->path(), model.include_insert_at, model.include_insert_at,
                           "#include <ATen/cuda/CUDAContext.h>\n"});
  include_added = true;
}

// A stream argument that names the legacy default stream: `0`, `NULL`,
// `nullptr`, `cudaStreamLegacy`, also cast to cudaStream_t.
bool namesDefaultStream(std::string text) {
  std::erase_if(text, [](unsigned char c) { return std::isspace(c); });
  for (std::string_view cast : {"(cudaStream_t)", "static_cast<cudaStream_t>", "cudaStream_t"})
    if (text.starts_with(cast)) text.erase(0, cast.size());
  while (text.size() >= 2 && text.front() == '(' && text.back() == ')') text = text.substr(1, text.size() - 2);
  return text == "0" || text == "0L" || text == "NULL" || text == "nullptr" || text == "cudaStreamLegacy";
}

// `cudaLaunchKernel(func, grid, block, args, smem, stream)` and its
// cooperative twin: the runtime API's form of `k<<<grid, block, smem,
// stream>>>`. The stream is the sixth argument; left out (the C++ overloads
// default it to 0) or written as a null stream, the kernel runs on the legacy
// default stream exactly like a `<<<grid, block>>>` launch. The extensible
// cudaLaunchKernelEx(C) carries its stream in a config struct and is not read.
void reportRuntimeLaunches(const cxx::CxxModel& model, bool& include_added, DiagnosticSink& sink) {
  constexpr size_t kStreamArg = 5;
  for (const cxx::Call& call : model.calls) {
    if (call.callee != "cudaLaunchKernel" && call.callee != "cudaLaunchCooperativeKernel") continue;
    if (!ops::hostFunction(model, call.function) || call.args.size() < 4) continue;
    bool omitted = call.args.size() <= kStreamArg;
    if (!omitted && !namesDefaultStream(call.arg_texts[kStreamArg])) continue;
    std::string kernel = ops::spelled(model, call.args[0]);
    Diagnostic d = ops::makeDiagnostic(
        "GPU404", Level::Warning, model, call.range,
        "`" + call.callee + "` launches `" + kernel + "` " +
            (omitted ? "without a stream" : "on stream `" + ops::spelled(model, call.args[kStreamArg]) + "`") +
            ", so it runs on the legacy default stream (" + ops::torchProjectOrigin(model) + ")" + kNotCurrent +
            "Pass at::cuda::getCurrentCUDAStream() as its stream.");
    const cxx::Range& last = omitted ? call.args.back() : call.args[kStreamArg];
    if (last.editable) {
      Fix fix{"Launch on at::cuda::getCurrentCUDAStream()", Applicability::Safe, {}};
      addInclude(model, include_added, fix);
      const std::string& file = model.source->path();
      if (!omitted)
        fix.edits.push_back(Edit{file, last.begin, last.end, kCurrentStream});
      else
        fix.edits.push_back(Edit{file, last.end, last.end,
                                 std::string(call.args.size() == 4 ? ", 0, " : ", ") + kCurrentStream});
      d.fixes.push_back(std::move(fix));
    }
    sink.report(std::move(d));
  }
}

}  // namespace

void DefaultStreamLaunch::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const cxx::CxxModel& model = *ctx.cxx;
  // Outside a PyTorch extension nothing else queues work on other streams,
  // so the default stream is a fine choice there.
  if (!model.torch_project) return;
  bool include_added = model.current_stream_declared;
  for (const cxx::Launch& launch : model.launches) {
    // Launches from device code (dynamic parallelism) and launches that pass
    // a stream are not on the legacy default stream; `<<<g, b, smem, 0>>>`
    // names it.
    if (!ops::hostFunction(model, launch.function) || launch.config.size() < 2 || launch.config.size() > 4) continue;
    bool named_zero = launch.config.size() == 4;
    if (named_zero && !namesDefaultStream(launch.config[3].text)) continue;
    std::string origin = ops::torchProjectOrigin(model);
    Diagnostic d = ops::makeDiagnostic(
        "GPU404", Level::Warning, model, launch.range,
        "kernel `" + launch.kernel + "` is launched " +
            (named_zero ? "on stream `" + launch.config[3].text + "`" : std::string("without a stream")) +
            ", so it runs on the legacy default stream (" + origin + ")" + kNotCurrent +
            "Launch it on at::cuda::getCurrentCUDAStream().");
    const cxx::LaunchArg& last = launch.config.back();
    if (last.range.editable) {
      const std::string& file = model.source->path();
      Fix fix{"Launch on at::cuda::getCurrentCUDAStream()", Applicability::Safe, {}};
      addInclude(model, include_added, fix);
      if (named_zero) {
        fix.edits.push_back(Edit{file, last.range.begin, last.range.end, kCurrentStream});
      } else {
        std::string args = launch.config.size() == 2 ? ", 0, at::cuda::getCurrentCUDAStream()"
                                                     : ", at::cuda::getCurrentCUDAStream()";
        fix.edits.push_back(Edit{file, last.range.end, last.range.end, args});
      }
      d.fixes.push_back(std::move(fix));
    }
    sink.report(std::move(d));
  }
  reportRuntimeLaunches(model, include_added, sink);
}

}  // namespace gpulint::checks
