#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU207 data-parallel: a model wrapped in single-process torch.nn.DataParallel.
class DataParallelUse final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU207"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
