// Editor latency: a one-character didChange in a ~3,000-line training script
// until its publishDiagnostics, against a full tree-sitter parse and a full
// analysis of the same text: typing in code (a full analysis), and typing in
// a comment or a blank line inside a function body (findings kept, #17).
// scripts/bench_lsp.sh prints the ratios.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "checkers/pipeline.h"
#include "frontend/ts/tree.h"
#include "lsp/server.h"

namespace {

using gpulint::lsp::json;

// The Python fixtures (not the .fixed outputs), repeated to 3,000+ lines.
const std::string& trainingScript() {
  static const std::string script = [] {
    std::vector<std::filesystem::path> paths;
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(GPULINT_SOURCE_DIR) /
                                                                 "testdata" / "python"))
      if (entry.path().extension() == ".py" && entry.path().stem().extension() != ".fixed")
        paths.push_back(entry.path());
    std::sort(paths.begin(), paths.end());
    std::string once;
    for (const auto& p : paths) {
      std::ifstream in(p);
      once += std::string(std::istreambuf_iterator<char>(in), {}) + "\n";
    }
    std::string text;
    while (std::count(text.begin(), text.end(), '\n') < 3000) text += once;
    return text;
  }();
  return script;
}

void BM_LspFullParse(benchmark::State& state) {
  gpulint::ts::Parser parser(tree_sitter_python());
  for (auto _ : state) benchmark::DoNotOptimize(parser.parse(trainingScript()));
}
BENCHMARK(BM_LspFullParse)->Unit(benchmark::kMillisecond);

void BM_LspFullAnalysis(benchmark::State& state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(gpulint::analyzeSource(
        std::make_shared<gpulint::SourceFile>("/bench/train.py", trainingScript(), gpulint::FileKind::Python), {}));
}
BENCHMARK(BM_LspFullAnalysis)->Unit(benchmark::kMillisecond);

// Keystrokes at the end of one line (typing a character, then deleting it),
// each to the publishDiagnostics it causes, through the server's queue.
void keystrokes(benchmark::State& state, uint32_t line, const std::string& typed) {
  size_t published = 0;
  gpulint::lsp::Server server([&](const json& m) { published += m.value("method", "") == "textDocument/publishDiagnostics"; });
  const std::string uri = "file:///bench/train.py";
  auto send = [&](json m) { server.receive({std::move(m), 0, ""}); };
  send({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "initialize"}, {"params", {{"capabilities", json::object()}}}});
  send({{"jsonrpc", "2.0"}, {"method", "textDocument/didOpen"},
        {"params", {{"textDocument", {{"uri", uri}, {"languageId", "python"}, {"version", 1}, {"text", trainingScript()}}}}}});
  server.process();
  const std::string& text = trainingScript();
  gpulint::lsp::LineIndex lines(text);
  uint32_t eol = lines.position(text, lines.offset(text, {line, UINT32_MAX}, gpulint::lsp::PositionEncoding::Utf16),
                                gpulint::lsp::PositionEncoding::Utf16).character;
  int version = 1;
  for (auto _ : state) {
    bool typing = version % 2 == 1;
    auto width = static_cast<uint32_t>(typed.size());
    json range = {{"start", {{"line", line}, {"character", eol}}},
                  {"end", {{"line", line}, {"character", eol + (typing ? 0 : width)}}}};
    send({{"jsonrpc", "2.0"}, {"method", "textDocument/didChange"},
          {"params", {{"textDocument", {{"uri", uri}, {"version", ++version}}},
                      {"contentChanges", json::array({{{"range", range}, {"text", typing ? typed : ""}}})}}}});
    server.process();
  }
  if (published != static_cast<size_t>(version)) state.SkipWithError("a change was not published");
}

// The 0-based line of the first comment-only line inside a function body at
// or after `from` (indented, under a def).
uint32_t commentLineInFunction(uint32_t from) {
  std::istringstream in(trainingScript());
  std::string line;
  uint32_t n = 0;
  bool in_def = false;
  while (std::getline(in, line)) {
    size_t first = line.find_first_not_of(' ');
    if (first == 0) in_def = line.starts_with("def ");
    if (n >= from && in_def && first != std::string::npos && first >= 4 && line[first] == '#') return n;
    ++n;
  }
  return from;
}

// Typing a space after the code of line 1,500: the findings may change, a
// full analysis.
void BM_LspKeystrokeToDiagnostics(benchmark::State& state) { keystrokes(state, 1500, " "); }
BENCHMARK(BM_LspKeystrokeToDiagnostics)->Unit(benchmark::kMillisecond);

// Typing in a comment line of a function body past line 1,500: the findings
// are kept (lsp/reuse.h), moved if needed.
void BM_LspCommentKeystrokeInFunction(benchmark::State& state) {
  keystrokes(state, commentLineInFunction(1500), "x");
}
BENCHMARK(BM_LspCommentKeystrokeInFunction)->Unit(benchmark::kMillisecond);

}  // namespace
