#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU404 default-stream-launch: a kernel launch without a stream in a project
// that builds a PyTorch extension.
class DefaultStreamLaunch final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU404"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Cxx; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
