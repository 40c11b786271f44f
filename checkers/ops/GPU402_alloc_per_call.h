#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU402 alloc-per-call: cudaMalloc/cudaFree/cudaMallocHost/cudaFreeHost in a
// function that runs per call rather than once.
class AllocPerCall final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU402"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Cxx; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
