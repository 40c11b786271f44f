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
// batches are copied to the GPU: num_workers with persistent_workers
// (GPU101) and pin_memory with the copies' non_blocking (GPU103) are all
// written in round one, and nothing can follow in a file analysed alone.
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
  EXPECT_NE(full.text.find("x.to('cuda', non_blocking=True)"), std::string::npos) << full.text;
  EXPECT_NE(full.text.find("pin_memory=True"), std::string::npos) << full.text;
  EXPECT_NE(full.text.find("persistent_workers=True"), std::string::npos) << full.text;
  EXPECT_EQ(diff.result.fixes_applied, full.result.fixes_applied);
  EXPECT_EQ(full.result.analyses, 1);  // after round one, which finds nothing more
  EXPECT_EQ(diff.result.analyses, 0);  // round one ends the chain
}

const Diagnostic* findingOf(const FileAnalysis& a, const std::string& rule) {
  for (const Diagnostic& d : a.diagnostics)
    if (d.rule == rule) return &d;
  return nullptr;
}

// GPU103's fix carries GPU104's edits for the loader's copies in its step
// loop, and says that it ends the chain in its file.
TEST(DiffRounds, PinningFixMakesTheStepLoopCopiesAsync) {
  FileAnalysis a = analyzeSource(std::make_shared<SourceFile>("t.py", kChain, FileKind::Python), RuleOptions{});
  const Diagnostic* pin = findingOf(a, "GPU103");
  ASSERT_TRUE(pin);
  ASSERT_EQ(pin->fixes.size(), 1u);
  const Fix& f = pin->fixes.front();
  ASSERT_EQ(f.edits.size(), 2u);  // pin_memory=True, then the copy's non_blocking=True
  EXPECT_NE(f.edits[0].replacement.find("pin_memory=True"), std::string::npos);
  EXPECT_NE(f.edits[1].replacement.find("non_blocking=True"), std::string::npos);
  EXPECT_EQ(f.chain, FixChain::EndsInItsFile);
  EXPECT_EQ(findingOf(a, "GPU104"), nullptr);  // the loader does not pin yet
  const Diagnostic* workers = findingOf(a, "GPU101");
  ASSERT_TRUE(workers && !workers->fixes.empty());
  EXPECT_EQ(workers->fixes.front().chain, FixChain::EndsInItsFile);  // it adds persistent_workers too
}

// A loop that also iterates a loader that does not pin: GPU104 waits until
// both pin, so the copies stay for the next round, which the chain keeps.
TEST(DiffRounds, AFixThatMayEnableAnotherKeepsTheNextRound) {
  EXPECT_FALSE(fixEndsChain("GPU103"));
  EXPECT_FALSE(fixEndsChain("GPU101"));
  std::string text =
      "import torch\nfrom torch.utils.data import DataLoader\n\n"
      "def main(a, b):\n"
      "    model = torch.nn.Linear(2, 2).cuda()\n"
      "    left = DataLoader(a, batch_size=8, num_workers=4, persistent_workers=True)\n"
      "    right = DataLoader(b, batch_size=8, num_workers=4, persistent_workers=True)\n"
      "    for x, y in zip(left, right):\n"
      "        model(x.to('cuda') + y.to('cuda')).sum().backward()\n";
  FileAnalysis a = analyzeSource(std::make_shared<SourceFile>("t.py", text, FileKind::Python), RuleOptions{});
  for (const Diagnostic& d : a.diagnostics)
    if (d.rule == "GPU103") {
      ASSERT_EQ(d.fixes.size(), 1u);
      EXPECT_EQ(d.fixes.front().edits.size(), 1u);  // pin_memory only
      EXPECT_EQ(d.fixes.front().chain, FixChain::ByRule);
    }
  Fixed full = fix(text, false), diff = fix(text, true);
  EXPECT_EQ(diff.text, full.text);
  EXPECT_NE(full.text.find("x.to('cuda', non_blocking=True)"), std::string::npos) << full.text;
  EXPECT_GE(diff.result.analyses, 1);
}

// A copy already asynchronous, or one made only now and then (under a
// periodic guard, which GPU104 leaves alone): the fix adds pin_memory only,
// and still ends the chain.
TEST(DiffRounds, PinningFixLeavesCopiesGPU104WouldNotFlag) {
  for (const std::string copy : {"            x = x.to('cuda', non_blocking=True)\n",
                                 "            if i % 100 == 0:\n                print(model(x.to('cuda')))\n"}) {
    std::string text =
        "import torch\nfrom torch.utils.data import DataLoader\n\n"
        "def main(ds):\n"
        "    model = torch.nn.Linear(2, 2).cuda()\n"
        "    opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "    loader = DataLoader(ds, batch_size=8, num_workers=4, persistent_workers=True)\n"
        "    for i, x in enumerate(loader):\n" +
        copy + "            model(x.float()).sum().backward()\n            opt.step()\n";
    FileAnalysis a = analyzeSource(std::make_shared<SourceFile>("t.py", text, FileKind::Python), RuleOptions{});
    const Diagnostic* pin = findingOf(a, "GPU103");
    ASSERT_TRUE(pin) << text;
    ASSERT_EQ(pin->fixes.size(), 1u);
    EXPECT_EQ(pin->fixes.front().edits.size(), 1u) << text;
    EXPECT_EQ(pin->fixes.front().chain, FixChain::EndsInItsFile);
    Fixed full = fix(text, false), diff = fix(text, true);
    EXPECT_EQ(diff.text, full.text);
    EXPECT_EQ(diff.result.analyses, 0);
    std::string pinned = text;  // the copy is left as it was
    pinned.insert(pinned.find("persistent_workers=True)") + 23, ", pin_memory=True");
    EXPECT_EQ(full.text, pinned);
  }
}

// A fix that ends its chain only in its own file: with another file in the
// run (one that could import the loader, or a job reading the worker count)
// the round is not the last.
TEST(DiffRounds, AnotherFileOfTheRunKeepsTheNextRound) {
  std::vector<FileAnalysis> results;
  results.push_back(analyzeSource(std::make_shared<SourceFile>("t.py", kChain, FileKind::Python), RuleOptions{}));
  results.push_back(
      analyzeSource(std::make_shared<SourceFile>("other.py", "import t\n", FileKind::Python), RuleOptions{}));
  FixResult r = applyFixRounds(results, /*unsafe=*/true, RuleOptions{}, everything, {}, nullptr, /*texts_only=*/true);
  EXPECT_EQ(results.front().source->text(), fix(kChain, false).text);
  EXPECT_GE(r.analyses, 1);
}

// An explicit persistent_workers=False stays for GPU105 to fix once the
// loader has workers: GPU101's fix then does not end the chain.
TEST(DiffRounds, WorkersBesideAnExplicitPersistentFalseKeepTheNextRound) {
  std::string text = kChain;
  text.replace(text.find("batch_size=8)"), 13, "batch_size=8, persistent_workers=False, pin_memory=True)");
  FileAnalysis a = analyzeSource(std::make_shared<SourceFile>("t.py", text, FileKind::Python), RuleOptions{});
  const Diagnostic* workers = findingOf(a, "GPU101");
  ASSERT_TRUE(workers && !workers->fixes.empty());
  EXPECT_EQ(workers->fixes.front().chain, FixChain::ByRule);
  Fixed full = fix(text, false), diff = fix(text, true);
  EXPECT_EQ(diff.text, full.text);
  EXPECT_NE(full.text.find("persistent_workers=True"), std::string::npos) << full.text;  // GPU105, round two
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
