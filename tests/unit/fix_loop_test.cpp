// The fix rounds on real analyses: fixes that become possible after others
// are applied in later rounds, a fix that breaks parsing is rejected and the
// text kept, and a file's BOM and missing final newline survive fixing.
#include <gtest/gtest.h>

#include "cli/fix_loop.h"
#include "tests/unit/fix_loop_fixtures.h"
#include "frontend/python/script_model.h"

namespace gpulint::cli {
namespace {

const char kBom[] = "\xEF\xBB\xBF";

using testing_support::everything;
using testing_support::Fixed;

Fixed fix(const std::string& text, bool unsafe,
          const std::function<std::vector<Diagnostic>(std::vector<FileAnalysis>&)>& filter = everything) {
  std::vector<FileAnalysis> results;
  results.push_back(analyzeSource(std::make_shared<SourceFile>("t.py", text, FileKind::Python), RuleOptions{}));
  FixResult r = applyFixRounds(results, unsafe, RuleOptions{}, filter);
  return {results.front().source->text(), r};
}

const std::string kScript =
    "from torch.utils.data import DataLoader\n"
    "\n"
    "def make(ds):\n"
    "    return DataLoader(ds, batch_size=64)";  // no final newline

TEST(FixLoop, KeepsBomAndMissingFinalNewline) {
  Fixed f = fix(kBom + kScript, true);
  EXPECT_EQ(f.text, kBom + std::string("from torch.utils.data import DataLoader\n\ndef make(ds):\n"
                                       "    return DataLoader(ds, batch_size=64, num_workers=4, "
                                       "persistent_workers=True)"));
  EXPECT_EQ(f.result.fixes_applied, 1);
  EXPECT_TRUE(f.result.messages.empty());
}

// PyTorch < 0.4's `async=` is non_blocking: the blocking copy's fix turns
// its False into True; the asynchronous copy gets no second flag.
TEST(FixLoop, LegacyAsyncFlagIsFlippedNotDuplicated) {
  const std::string script =
      "import torch\n"
      "from torch.utils.data import DataLoader\n"
      "model = torch.nn.Linear(4, 2).cuda()\n"
      "opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
      "loader = DataLoader(ds, batch_size=8, num_workers=4, pin_memory=True, persistent_workers=True)\n"
      "for x, y in loader:\n"
      "    x = x.cuda(async=True)\n"
      "    y = y.cuda(async=False)\n"
      "    loss = torch.nn.functional.cross_entropy(model(x), y)\n"
      "    opt.zero_grad()\n"
      "    loss.backward()\n"
      "    opt.step()\n";
  Fixed f = fix(script, false);
  EXPECT_NE(f.text.find("x = x.cuda(async=True)\n"), std::string::npos) << f.text;
  EXPECT_NE(f.text.find("y = y.cuda(async=True)\n"), std::string::npos) << f.text;
  EXPECT_EQ(f.text.find("non_blocking"), std::string::npos) << f.text;
  EXPECT_EQ(f.result.fixes_applied, 1);
}

TEST(FixLoop, SafeOnlyLeavesUnsafeFixes) {
  Fixed f = fix(kScript, false);
  EXPECT_EQ(f.text, kScript);
  EXPECT_EQ(f.result.fixes_applied, 0);
  EXPECT_TRUE(f.result.original.empty());
}

TEST(FixLoop, FixThatBreaksParsingIsRejected) {
  std::string text = "x = f(1)\n";
  auto breaking = [](std::vector<FileAnalysis>&) {
    Diagnostic d;
    d.rule = "GPU999";
    d.location.file = "t.py";
    d.fixes.push_back(Fix{"break it", Applicability::Safe, {Edit{"t.py", 7, 8, ""}}});  // drops the ')'
    return std::vector<Diagnostic>{d};
  };
  Fixed f = fix(text, false, breaking);
  EXPECT_EQ(f.text, text);
  EXPECT_EQ(f.result.fixes_applied, 0);
  ASSERT_EQ(f.result.messages.size(), 1u);
  EXPECT_NE(f.result.messages[0].find("would not parse"), std::string::npos);
}

// A fix of a file that already has a syntax error (counted in the tree its
// model was built from) is judged by the errors it adds.
Fixed fixOnce(const std::string& text, Edit edit, std::vector<FileAnalysis>* out = nullptr) {
  auto one = [edit](std::vector<FileAnalysis>& results) {
    std::vector<Diagnostic> found;
    if (results.front().source->text().find("f(1)") == std::string::npos) return found;  // applied
    Diagnostic d;
    d.rule = "GPU999";
    d.location.file = "t.py";
    d.fixes.push_back(Fix{"edit", Applicability::Safe, {edit}});
    found.push_back(d);
    return found;
  };
  std::vector<FileAnalysis> results;
  results.push_back(analyzeSource(std::make_shared<SourceFile>("t.py", text, FileKind::Python), RuleOptions{}));
  FixResult r = applyFixRounds(results, false, RuleOptions{}, one);
  Fixed fixed{results.front().source->text(), r};
  if (out) *out = std::move(results);
  return fixed;
}

TEST(FixLoop, FixInAFileWithASyntaxErrorIsKeptWhenItAddsNone) {
  std::vector<FileAnalysis> results;
  Fixed f = fixOnce("x = f(1)\ny = (\n", Edit{"t.py", 6, 7, "2"}, &results);
  EXPECT_EQ(f.text, "x = f(2)\ny = (\n");
  EXPECT_EQ(f.result.fixes_applied, 1);
  // The fixed file is analysed from the tree its syntax check parsed: the same text.
  ASSERT_TRUE(results.front().script);
  EXPECT_EQ(results.front().script->tree().text(), f.text);
}

TEST(FixLoop, FixInAFileWithASyntaxErrorIsRejectedWhenItAddsOne) {
  Fixed f = fixOnce("x = f(1)\ny = (\n", Edit{"t.py", 7, 8, ""});  // drops the ')'
  EXPECT_EQ(f.text, "x = f(1)\ny = (\n");
  EXPECT_EQ(f.result.fixes_applied, 0);
}

TEST(FixLoop, FixesAtTheSameSpotLandInLaterRounds) {
  // GPU101 and GPU103 both append to the same argument list: one per round.
  std::string text =
      "import torch\nfrom torch.utils.data import DataLoader\n\n"
      "def train(model, ds, opt):\n"
      "    loader = DataLoader(\n        ds,\n        batch_size=64,\n    )\n"
      "    for epoch in range(10):\n"
      "        for x, y in loader:\n"
      "            loss = model(x.cuda()).sum()\n"
      "            loss.backward()\n"
      "            opt.step()\n";
  Fixed f = fix(text, true);
  EXPECT_NE(f.text.find("        batch_size=64,\n        num_workers=4,\n        persistent_workers=True,\n"),
            std::string::npos)
      << f.text;
  EXPECT_NE(f.text.find("        pin_memory=True,\n    )"), std::string::npos) << f.text;
  EXPECT_TRUE(f.result.messages.empty()) << f.result.messages.front();
  EXPECT_EQ(fix(f.text, true).text, f.text);  // idempotent
}

// A caller that already has the project view of the unfixed files passes it:
// the first round judges that view (not a new link), and the view of the
// fixed files comes back.
TEST(FixLoop, FirstRoundJudgesTheGivenViewAndTheFixedViewComesBack) {
  RuleOptions options;
  std::vector<FileAnalysis> results;
  results.push_back(analyzeSource(std::make_shared<SourceFile>("t.py", kScript, FileKind::Python), options));
  int links = 0;
  ProjectLink link = [&](const std::vector<FileAnalysis>& per_file) {
    ++links;
    return per_file;
  };
  std::vector<FileAnalysis> view = results;
  view.front().diagnostics.clear();  // the given view reports nothing to fix
  FixResult quiet = applyFixRounds(results, true, options, everything, link, &view);
  EXPECT_EQ(quiet.fixes_applied, 0);
  EXPECT_EQ(links, 0);
  EXPECT_TRUE(view.front().diagnostics.empty());

  view = results;  // the view as linked: its fix is applied, then the files are linked again
  FixResult fixed = applyFixRounds(results, true, options, everything, link, &view);
  EXPECT_EQ(fixed.fixes_applied, 1);
  EXPECT_EQ(links, 1);
  EXPECT_NE(view.front().source->text().find("num_workers=4"), std::string::npos);
}

}  // namespace
}  // namespace gpulint::cli
