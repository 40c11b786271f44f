#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU208 empty-cache-in-step: torch.cuda.empty_cache() on every step of a
// batch loop.
class EmptyCacheInStep final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU208"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
