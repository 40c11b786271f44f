#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU105 loader-rebuilt-per-epoch: a DataLoader with workers that is built
// inside the epoch loop (warning), or whose workers are restarted on every
// epoch because persistent_workers is off (note).
class LoaderRebuiltPerEpoch final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU105"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
