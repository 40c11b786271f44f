#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU205 eval-without-no-grad: a PyTorch evaluation loop or function that
// runs the model forward with autograd on.
class EvalWithoutNoGrad final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU205"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
