#include "checkers/ops/cxx_analysis.h"

#include <algorithm>

#include "frontend/cxx/cxx_frontend.h"
#include "frontend/cxx/other_accelerator.h"

namespace gpulint::checks {

FileAnalysis analyzeCxxSource(SourceFilePtr source, const RuleOptions& options) {
  FileAnalysis result;
  result.source = source;
  cxx::BuildResult built = cxx::buildCxxModel(source);
  if (!built.model) {
    result.error = built.error;  // empty in a build without libTooling: skipped, said once
    return result;
  }
  // Another accelerator's backend (mmcv's NPU/MLU ops): its SDK is not in
  // the shim and no GPU4xx rule is about it, so it is not ours.
  if (built.model->parse_errors > 0) {
    std::string other = cxx::otherAccelerator(source->path(), built.model->missing_headers, built.model->first_error);
    if (!other.empty()) {
      result.skipped = "C++ for another accelerator (" + other + "), not CUDA: no GPU4xx rule applies";
      return result;
    }
  }
  result.missing_headers = built.model->missing_headers;
  AnalysisContext context;
  context.cxx = built.model.get();
  context.options = &options;
  VectorSink sink;
  for (const auto& checker : allCheckers())
    if (checker->reads(FileKind::Cxx)) checker->run(context, sink);
  result.diagnostics = std::move(sink.diagnostics);
  std::sort(result.diagnostics.begin(), result.diagnostics.end(), diagnosticLess);
  // A macro that expands its argument twice (`if (X != cudaSuccess) ...
  // cudaGetErrorString(X)`) holds the call twice at one spelling: one finding.
  auto same = [](const Diagnostic& a, const Diagnostic& b) {
    return a.rule == b.rule && a.location.begin == b.location.begin && a.location.end == b.location.end &&
           a.message == b.message;
  };
  result.diagnostics.erase(std::unique(result.diagnostics.begin(), result.diagnostics.end(), same),
                           result.diagnostics.end());
  return result;
}

}  // namespace gpulint::checks
