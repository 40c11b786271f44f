#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU206 per-step-logging: console, file or tracker logging on every step of
// a batch loop, with no periodic guard.
class PerStepLogging final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU206"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
