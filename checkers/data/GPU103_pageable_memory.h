#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU103 pageable-memory: a DataLoader whose batches go to the GPU from
// pageable (unpinned) host memory.
class PageableMemory final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU103"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
