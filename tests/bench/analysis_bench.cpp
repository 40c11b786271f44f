// Analysis cost relative to its floor: tree-sitter parsing the same text.
// Run scripts/bench.sh; it prints the ratios (absolute times on shared
// machines are noise).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "checkers/pipeline.h"
#include "frontend/python/script_model.h"
#include "frontend/ts/tree.h"

namespace fs = std::filesystem;

namespace {

// Every Python fixture, concatenated until the text has ~3,000 lines: a large
// training script with many loops, guards and calls.
const std::string& corpus() {
  static const std::string text = [] {
    std::string all;
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(fs::path(GPULINT_SOURCE_DIR) / "testdata"))
      if (e.path().extension() == ".py" && e.path().string().find(".fixed.") == std::string::npos)
        files.push_back(e.path());
    std::sort(files.begin(), files.end());
    std::string one;
    for (const auto& f : files) {
      std::ifstream in(f);
      std::stringstream ss;
      ss << in.rdbuf();
      one += ss.str() + "\n";
    }
    while (std::count(all.begin(), all.end(), '\n') < 3000) all += one;
    return all;
  }();
  return text;
}

void BM_TreeSitterParse(benchmark::State& state) {
  gpulint::ts::Parser parser(tree_sitter_python());
  for (auto _ : state) {
    auto tree = parser.parse(corpus());
    benchmark::DoNotOptimize(tree.raw());
  }
  state.SetBytesProcessed(state.iterations() * corpus().size());
}

void BM_ScriptModel(benchmark::State& state) {
  for (auto _ : state) {
    auto source = std::make_shared<gpulint::SourceFile>("bench.py", corpus(), gpulint::FileKind::Python);
    auto model = gpulint::python::buildScriptModel(source, {});
    benchmark::DoNotOptimize(model.get());
  }
  state.SetBytesProcessed(state.iterations() * corpus().size());
}

void BM_FullAnalysis(benchmark::State& state) {
  for (auto _ : state) {
    auto source = std::make_shared<gpulint::SourceFile>("bench.py", corpus(), gpulint::FileKind::Python);
    auto result = gpulint::analyzeSource(source, {});
    benchmark::DoNotOptimize(result.diagnostics.data());
  }
  state.SetBytesProcessed(state.iterations() * corpus().size());
}

}  // namespace

BENCHMARK(BM_TreeSitterParse)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ScriptModel)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FullAnalysis)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
