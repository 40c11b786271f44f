#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU107 remote-read-in-step: object-store or network reads per sample
// (Dataset.__getitem__) or per batch (inside a batch loop).
class RemoteReadInStep final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU107"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
