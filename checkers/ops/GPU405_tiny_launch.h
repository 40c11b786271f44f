#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU405 tiny-launch: a constant block size that wastes warp lanes or a
// single small block.
class TinyLaunch final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU405"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Cxx; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
