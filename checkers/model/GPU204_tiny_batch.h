#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU204 tiny-batch: a training batch size that resolves below
// min_batch_size (DataLoader, tf.data .batch, Keras fit, HF
// per_device_train_batch_size); a note when gradient accumulation or a
// large-input model family makes small micro-batches expected.
class TinyBatch final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU204"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
