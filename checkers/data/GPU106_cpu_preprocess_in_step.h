#pragma once
#include "checkers/checker.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// GPU106 cpu-preprocess-in-step: image decoding, transforms, tokenization or
// parsing done by the training process on each batch, instead of by loader
// workers or on the GPU.
// What a call does on the CPU to raw samples, for a message ("decodes or
// edits images with PIL"); "" when it is no such work. The effect summaries
// of project helpers (checkers/model/helper_effects.h) ask it too.
[[nodiscard]] std::string cpuPreprocessWork(const python::ScriptModel& m, const python::Call& c);

class CpuPreprocessInStep final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU106"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
