#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU400 parse-incomplete: a C++/CUDA file clang could only partly parse; its errors
// are summarised once, since the other GPU4xx rules then see less of it.
class ParseIncomplete final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU400"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Cxx; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
