#pragma once
#include "checkers/checker.h"

namespace gpulint::checks {

// GPU207 data-parallel, job side: a Hugging Face Trainer script started as
// one plain `python` process on a node with several GPUs. The Trainer then
// wraps the model in torch.nn.DataParallel itself (the Python side of the
// rule is checkers/model/GPU207_data_parallel).
class TrainerDataParallel final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU207"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Yaml || kind == FileKind::Json || kind == FileKind::Shell; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
