#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU202 per-step-eval: an evaluation pass inside the training step loop
// with no periodic guard, or an evaluation interval configured in the script
// (HF TrainingArguments eval_steps, Lightning val_check_interval) of a step or
// a few steps.
class PerStepEval final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU202"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
