#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU406 launch-in-host-loop: a kernel launch or per-element tensor op inside a
// host loop whose trip count depends on data.
class LaunchInHostLoop final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU406"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Cxx; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
