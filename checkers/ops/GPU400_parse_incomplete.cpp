#include "checkers/ops/GPU400_parse_incomplete.h"

#include "checkers/ops/ops_common.h"

namespace gpulint::checks {

void ParseIncomplete::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const cxx::CxxModel& model = *ctx.cxx;
  if (model.parse_errors == 0) return;
  // One note per file: a missing header produces hundreds of follow-on
  // errors, and only the fact that analysis saw less matters here.
  std::string count = std::to_string(model.parse_errors) + (model.parse_errors == 1 ? " error" : " errors");
  std::string how = model.used_compile_database ? "with the flags from compile_commands.json"
                                                : "with gpulint's default flags (no compile_commands.json entry)";
  sink.report(ops::makeDiagnostic(
      "GPU400", Level::Note, model, cxx::Range{0, 0, false},
      "clang parsed this file " + how + " with " + count + " (first: " + model.first_error +
          "); code that did not parse was not checked, so GPU4xx findings here may be missing. Pass "
          "--compile-commands DIR with the extension's compile database so its real include paths are used."));
}

}  // namespace gpulint::checks
