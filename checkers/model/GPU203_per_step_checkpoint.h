#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU203 per-step-checkpoint: a checkpoint written on every training step, or
// a step-based save interval below option min_save_steps.
class PerStepCheckpoint final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU203"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
