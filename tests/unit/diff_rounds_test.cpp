// --diff reads only the fixed texts: a round whose fixes all end their chain
// (fixEndsChain) is the last, and its files are not analysed again. The
// texts must be those the full rounds give (until a round finds nothing).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "checkers/fixable_rules.h"
#include "cli/fix_loop.h"
#include "tests/unit/fix_loop_fixtures.h"

namespace gpulint::cli {
namespace {

namespace fs = std::filesystem;

using testing_support::everything;
using testing_support::Fixed;

Fixed fix(const std::string& text, bool texts_only) {
  std::vector<FileAnalysis> results;
  results.push_back(analyzeSource(std::make_shared<SourceFile>("t.py", text, FileKind::Python), RuleOptions{}));
  FixResult r = applyFixRounds(results, /*unsafe=*/true, RuleOptions{}, everything, {}, nullptr, texts_only);
  return {results.front().source->text(), r};
}

// A loader without workers or pinned memory, iterated on every epoch, whose
// batches are copied to the GPU: num_workers and pin_memory (round one)
// enable persistent_workers and non_blocking (round two), which end there.
const std::string kChain =
    "import torch\nfrom torch.utils.data import DataLoader\n\n"
    "def main(ds):\n"
    "    model = torch.nn.Linear(2, 2).cuda()\n"
    "    loader = DataLoader(ds, batch_size=8)\n"
    "    for epoch in range(10):\n"
    "        for x in loader:\n"
    "            x = x.to('cuda')\n"
    "            model(x).sum().backward()\n";

TEST(DiffRounds, TheRoundAfterChainEndingFixesIsSkipped) {
  Fixed full = fix(kChain, false), diff = fix(kChain, true);
  EXPECT_EQ(diff.text, full.text);
  EXPECT_NE(full.text.find("non_blocking=True"), std::string::npos) << full.text;
  EXPECT_NE(full.text.find("pin_memory=True"), std::string::npos) << full.text;
  EXPECT_EQ(diff.result.fixes_applied, full.result.fixes_applied);
  EXPECT_EQ(full.result.analyses, 2);  // after round one and after round two
  EXPECT_EQ(diff.result.analyses, 1);  // round two ends the chain
}

// A fix that may enable another (pin_memory enables non_blocking) keeps the
// next round: a loader alone, with nothing else to fix, is analysed again.
TEST(DiffRounds, AFixThatMayEnableAnotherKeepsTheNextRound) {
  EXPECT_FALSE(fixEndsChain("GPU103"));
  EXPECT_FALSE(fixEndsChain("GPU101"));
  std::string text =
      "import torch\nfrom torch.utils.data import DataLoader\n\n"
      "def main(ds):\n"
      "    model = torch.nn.Linear(2, 2).cuda()\n"
      "    loader = DataLoader(ds, batch_size=8, num_workers=4)\n"
      "    for x in loader:\n"
      "        model(x.to('cuda')).sum().backward()\n";
  Fixed full = fix(text, false), diff = fix(text, true);
  EXPECT_EQ(diff.text, full.text);
  EXPECT_GE(diff.result.analyses, 1);
}

std::string readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every Python fixture, all fixes on: the texts-only rounds fix as the full
// rounds do, in no more analyses.
TEST(DiffRounds, EveryPythonFixtureFixesAsTheFullRoundsDo) {
  size_t fixed = 0, saved = 0;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(GPULINT_SOURCE_DIR) / "testdata" / "python")) {
    if (e.path().extension() != ".py" || e.path().filename().string().find("fixed") != std::string::npos) continue;
    std::string text = readText(e.path());
    Fixed full = fix(text, false), diff = fix(text, true);
    EXPECT_EQ(diff.text, full.text) << e.path();
    EXPECT_LE(diff.result.analyses, full.result.analyses) << e.path();
    if (full.text != text) ++fixed;
    if (diff.result.analyses < full.result.analyses) ++saved;
  }
  EXPECT_GT(fixed, 10u);
  EXPECT_GT(saved, 0u);
}

}  // namespace
}  // namespace gpulint::cli
