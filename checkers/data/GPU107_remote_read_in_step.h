#pragma once
#include "checkers/checker.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

// GPU107 remote-read-in-step: object-store or network reads per sample
// (Dataset.__getitem__) or per batch (inside a batch loop).
// What a call reads over the network, for a message ("makes an HTTP
// request", "reads a s3:// path"); "" when it reads nothing remote. The
// effect summaries of project helpers (checkers/model/helper_effects.h) ask
// it too.
[[nodiscard]] std::string remoteReadWork(const python::ScriptModel& m, const python::Call& c);

class RemoteReadInStep final : public Checker {
 public:
  [[nodiscard]] std::string_view id() const override { return "GPU107"; }
  [[nodiscard]] bool reads(FileKind kind) const override { return kind == FileKind::Python; }
  void run(const AnalysisContext& context, DiagnosticSink& sink) const override;
};

}  // namespace gpulint::checks
