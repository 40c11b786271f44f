#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU106 cpu-preprocess-in-step: image decoding, transforms, tokenization or
// parsing done by the training process on each batch, instead of by loader
// workers or on the GPU.
class CpuPreprocessInStep final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU106"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
