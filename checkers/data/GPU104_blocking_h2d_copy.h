#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU104 blocking-h2d-copy: a pinned batch copied to the GPU without
// non_blocking=True on every step.
class BlockingH2DCopy final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU104"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
