#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU201 host-sync-in-step: an operation that makes the host wait for the GPU
// (`.item()`, printing a GPU tensor, torch.cuda.synchronize()) on every step
// of a training or evaluation batch loop.
class HostSyncInStep final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU201"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
