#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU102 no-prefetch: an input pipeline with no stage that prepares the next
// batch while the GPU works on this one (a tf.data pipeline without
// .prefetch, a DataLoader with prefetch_factor <= 1, hand-sliced host arrays
// copied to the GPU step by step).
class NoPrefetch final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU102"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
