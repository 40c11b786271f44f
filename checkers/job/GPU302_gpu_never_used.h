#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU302 gpu-never-used: a job requests GPUs but the script it launches
// never places model or data on one, hard-codes the CPU, or the job passes
// a flag that selects the CPU.
class GpuNeverUsed final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU302"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Yaml || kind == FileKind::Json || kind == FileKind::Shell; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
