#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU101 sync-data-loading: a DataLoader (or HF TrainingArguments) that
// loads batches in the training process.
class SyncDataLoading final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU101"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
