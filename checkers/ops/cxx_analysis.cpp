#include "checkers/ops/cxx_analysis.h"

#include <algorithm>

#include "frontend/cxx/cxx_frontend.h"

namespace gpulint::checks {

FileAnalysis analyzeCxxSource(SourceFilePtr source, const RuleOptions& options) {
  FileAnalysis result;
  result.source = source;
  cxx::BuildResult built = cxx::buildCxxModel(source);
  if (!built.model) {
    result.error = built.error;  // empty in a build without libTooling: skipped, said once
    return result;
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
  return result;
}

}  // namespace gpulint::checks
