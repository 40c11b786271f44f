#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU401 sync-in-op: a host-device synchronisation (cudaDeviceSynchronize,
// tensor.item<T>(), .cpu(), ...) in host code that runs on every operator call.
class SyncInOp final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU401"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Cxx; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
