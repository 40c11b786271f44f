#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU301 unused-gpus: a job requests N > 1 GPUs per node but starts fewer
// processes per node, and the script it launches has no multi-GPU path of
// its own, so the other GPUs idle for the whole job.
class UnusedGpus final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU301"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Yaml || kind == FileKind::Json || kind == FileKind::Shell; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
