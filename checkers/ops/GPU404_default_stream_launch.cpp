#include "checkers/ops/GPU404_default_stream_launch.h"

#include "checkers/ops/ops_common.h"

namespace gpulint::checks {

void DefaultStreamLaunch::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const cxx::CxxModel& model = *ctx.cxx;
  // Outside a PyTorch extension nothing else queues work on other streams,
  // so the default stream is a fine choice there.
  if (!model.torch_project) return;
  bool include_added = model.current_stream_declared;
  for (const cxx::Launch& launch : model.launches) {
    // Launches from device code (dynamic parallelism) and launches that pass
    // a stream are not on the legacy default stream.
    if (!ops::hostFunction(model, launch.function) || launch.config.size() < 2 || launch.config.size() >= 4)
      continue;
    std::string origin = model.includes_torch ? "this file includes PyTorch headers"
                                              : "a C++ file in this folder or above includes PyTorch headers";
    Diagnostic d = ops::makeDiagnostic(
        "GPU404", Level::Warning, model, launch.range,
        "kernel `" + launch.kernel + "` is launched without a stream, so it runs on the legacy default stream (" +
            origin + "): that stream waits for all work PyTorch queued on its current stream and blocks it "
            "until the kernel ends, so the GPU cannot overlap this kernel with anything and idles at every "
            "boundary. Launch it on at::cuda::getCurrentCUDAStream().");
    const cxx::LaunchArg& last = launch.config.back();
    if (last.range.editable) {
      const std::string& file = model.source->path();
      std::string args = launch.config.size() == 2 ? ", 0, at::cuda::getCurrentCUDAStream()"
                                                   : ", at::cuda::getCurrentCUDAStream()";
      Fix fix{"Launch on at::cuda::getCurrentCUDAStream()", Applicability::Safe, {}};
      // The first fix also includes the header that declares the function.
      if (!include_added) {
        fix.edits.push_back(Edit{file, model.include_insert_at, model.include_insert_at,
                                 "#include <ATen/cuda/CUDAContext.h>\n"});
        include_added = true;
      }
      fix.edits.push_back(Edit{file, last.range.end, last.range.end, args});
      d.fixes.push_back(std::move(fix));
    }
    sink.report(std::move(d));
  }
}

}  // namespace gpulint::checks
