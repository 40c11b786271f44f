#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU303 small-shm: a Kubernetes pod runs loader workers with the
// container runtime's 64 MB /dev/shm (no memory-backed emptyDir mounted
// there, or one under 1Gi), or a command passes `--shm-size` below 1g.
class SmallShm final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU303"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Yaml || kind == FileKind::Json || kind == FileKind::Shell; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
