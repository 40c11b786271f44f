#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU304 cpu-starved: fewer than 2 CPUs requested per GPU, or more loader
// workers per process than the CPUs each process gets. One finding per
// container or task role.
class CpuStarved final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU304"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Yaml || kind == FileKind::Json || kind == FileKind::Shell; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
