#include "checkers/ops/GPU400_parse_incomplete.h"

#include "checkers/ops/ops_common.h"

namespace gpulint::checks {

namespace {

// " Headers found nowhere (skipped): cub/cub.cuh, thrust/tuple.h." — the
// likely cause of the errors, and what a compile database would supply.
std::string missingHeadersNote(const std::vector<std::string>& missing) {
  if (missing.empty()) return "";
  constexpr size_t kShown = 5;
  std::string names;
  for (size_t i = 0; i < missing.size() && i < kShown; ++i) names += (i ? ", " : "") + missing[i];
  if (missing.size() > kShown) names += " and " + std::to_string(missing.size() - kShown) + " more";
  return " Headers found nowhere (skipped, the rest of the file was parsed): " + names + ".";
}

// A file clang was not allowed to read was skipped: what it declares is
// missing even when nothing failed to parse, and the user should know why.
void reportRefused(const cxx::CxxModel& model, DiagnosticSink& sink) {
  if (model.refused_headers.empty()) return;
  std::string names;
  for (const auto& r : model.refused_headers) names += (names.empty() ? "" : ", ") + r;
  sink.report(ops::makeDiagnostic(
      "GPU400", Level::Note, model, cxx::Range{0, 0, false},
      "clang was not allowed to read " + names +
          " (outside the analysed project or not a regular file); it was skipped, so what it declares was not "
          "checked."));
}

}  // namespace

void ParseIncomplete::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const cxx::CxxModel& model = *ctx.cxx;
  if (model.parse_errors == 0) {
    reportRefused(model, sink);
    return;
  }
  // One note per file: a missing header produces hundreds of follow-on
  // errors, and only the fact that analysis saw less matters here.
  std::string count = std::to_string(model.parse_errors) + (model.parse_errors == 1 ? " error" : " errors");
  std::string how = model.used_compile_database ? "with the flags from compile_commands.json"
                                                : "with gpulint's default flags (no compile_commands.json entry)";
  sink.report(ops::makeDiagnostic(
      "GPU400", Level::Note, model, cxx::Range{0, 0, false},
      "clang parsed this file " + how + " with " + count + " (first: " + model.first_error +
          "); code that did not parse was not checked, so GPU4xx findings here may be missing." +
          missingHeadersNote(model.missing_headers) +
          " Pass --compile-commands DIR with the extension's compile database so its real include paths are used."));
}

}  // namespace gpulint::checks
