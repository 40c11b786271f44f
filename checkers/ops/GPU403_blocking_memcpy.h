#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU403 blocking-memcpy: cudaMemcpy/cudaMemset in an operator instead of the
// Async form on the current stream.
class BlockingMemcpy final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU403"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Cxx; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
