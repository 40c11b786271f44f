// What the --diff rounds after the first rely on to cost less than a full
// analysis: the fixed text's tree re-parsed from the edits is the tree a
// full parse gives, and every finding that carries a fix comes from a rule
// that says it may fix (Checker::mayFix), so running only those rules
// plans the same fixes.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "checkers/fixable_rules.h"
#include "checkers/pipeline.h"
#include "fixits/apply.h"

namespace gpulint {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> pythonFixtures() {
  std::vector<fs::path> out;
  for (const auto& dir : {"python", "projects"})
    for (const auto& e : fs::recursive_directory_iterator(fs::path(GPULINT_SOURCE_DIR) / "testdata" / dir))
      if (e.path().extension() == ".py") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string sexp(const ts::Tree& tree) {
  char* s = ts_node_string(ts_tree_root_node(tree.raw()));
  std::string out(s);
  free(s);
  return out;
}

// The fixes every fixture's findings offer, applied at once, and random
// edits of the same text: the incremental tree is the full parse's.
TEST(FixRoundsCost, ReparsedTreeIsTheFullParse) {
  std::mt19937 random(17);
  size_t fixed_files = 0;
  for (const fs::path& path : pythonFixtures()) {
    std::string text = readText(path);
    ts::Parser parser(tree_sitter_python());
    ts::Tree old = parser.parse(text);
    std::vector<std::vector<Edit>> edit_sets;
    FileAnalysis a = analyzeSource(std::make_shared<SourceFile>("t.py", text, FileKind::Python), RuleOptions{});
    fixits::FixPlan plan = fixits::planFixes(a.diagnostics, true);
    std::vector<Edit> fixes = plan.edits;
    if (!fixes.empty()) ++fixed_files, edit_sets.push_back(fixes);
    for (int k = 0; k < 5 && !text.empty(); ++k) {  // non-overlapping random replacements
      std::vector<Edit> random_edits;
      for (uint32_t at = random() % 40; at < text.size(); at += 30 + random() % 200) {
        uint32_t end = std::min<uint32_t>(static_cast<uint32_t>(text.size()), at + random() % 6);
        static const char* kInserts[] = {"", "x", " ", "\n", "(", "  # c\n", "\n    y = 1\n", ":"};
        random_edits.push_back({"t.py", at, end, kInserts[random() % 8]});
      }
      edit_sets.push_back(random_edits);
    }
    for (const auto& edits : edit_sets) {
      std::string after = fixits::applyEdits(text, edits);
      ts::Tree incremental = fixits::reparseEdited(old, edits, after);
      EXPECT_EQ(incremental.text(), after);
      EXPECT_EQ(sexp(incremental), sexp(parser.parse(after))) << path;
    }
    EXPECT_EQ(sexp(old), sexp(parser.parse(text))) << "the old tree is left as it was";
  }
  EXPECT_GT(fixed_files, 5u);  // the fixtures do offer fixes
}

// applyEdits writes the text in one pass: the result is the text the edits
// give replaced in place from the last one, for random edits (touching
// ranges included; two edits at one point conflict, planFixes never makes
// them) and for overlapping ones.
TEST(FixRoundsCost, EditsAppliedInOnePassAsInPlace) {
  std::mt19937 random(5);
  const std::string text = "import torch\nloader = DataLoader(ds, batch_size=8)\nfor x in loader:\n    x.to(d)\n";
  auto inPlace = [&](std::vector<Edit> edits) {
    std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
    std::string out = text;
    for (const Edit& e : edits) out.replace(e.begin, e.end - e.begin, e.replacement);
    return out;
  };
  for (int k = 0; k < 200; ++k) {
    std::vector<Edit> edits;
    for (uint32_t at = random() % 8; at < text.size(); at += random() % 12) {
      uint32_t end = std::min<uint32_t>(static_cast<uint32_t>(text.size()), at + random() % 4);
      edits.push_back({"t.py", at, end, std::string(random() % 3, 'a' + k % 26)});
      at = std::max(end, at + 1);
    }
    EXPECT_EQ(fixits::applyEdits(text, edits), inPlace(edits)) << k;
  }
  std::vector<Edit> overlapping{{"t.py", 5, 15, "AB"}, {"t.py", 10, 20, "CD"}};
  EXPECT_EQ(fixits::applyEdits(text, overlapping), inPlace(overlapping));
}

TEST(FixRoundsCost, CrlfEditsReparseToTheFullParse) {
  std::string text = "import torch\r\nx = f(1)\r\ny = 2\r\n";
  ts::Parser parser(tree_sitter_python());
  ts::Tree old = parser.parse(text);
  std::vector<Edit> edits{{"t.py", 22, 22, "\nz = 3"}, {"t.py", 6, 6, ""}, {"t.py", 500, 501, "stale"}};
  std::string after = fixits::applyEdits(text, edits);
  EXPECT_EQ(after, "import torch\r\nx = f(1)\r\nz = 3\r\ny = 2\r\n");
  EXPECT_EQ(sexp(fixits::reparseEdited(old, edits, after)), sexp(parser.parse(after)));
}

// Every finding with a fix (or a value written elsewhere that a fix may
// change) comes from a rule mayOfferFix names; and under FixableRulesOnly
// the analysis offers exactly the same fixes.
TEST(FixRoundsCost, OnlyRulesThatMayFixOfferFixes) {
  size_t with_fixes = 0;
  for (const fs::path& path : pythonFixtures()) {
    auto source = std::make_shared<SourceFile>("t.py", readText(path), FileKind::Python);
    FileAnalysis all = analyzeSource(source, RuleOptions{});
    std::vector<std::string> offered, offered_fixable;
    for (const Diagnostic& d : all.diagnostics) {
      if (d.fixes.empty() && !d.value_fix) continue;
      ++with_fixes;
      EXPECT_TRUE(mayOfferFix(d.rule)) << path << ": " << d.rule << " offers a fix";
      offered.push_back(d.rule + ":" + std::to_string(d.location.begin));
    }
    FixableRulesOnly scope(true);
    for (const Diagnostic& d : analyzeSource(source, RuleOptions{}).diagnostics) {
      EXPECT_TRUE(mayOfferFix(d.rule)) << d.rule << " ran";
      if (!d.fixes.empty() || d.value_fix) offered_fixable.push_back(d.rule + ":" + std::to_string(d.location.begin));
    }
    EXPECT_EQ(offered, offered_fixable) << path;
  }
  EXPECT_GT(with_fixes, 10u);
  EXPECT_FALSE(FixableRulesOnly::active());  // the scopes ended
}

// `text` fixed round after round (unsafe fixes too) until no fix is left;
// with `compose` off, keyword appends are planned as plain edits, one rule's
// keywords per call and round, as before they composed.
// With `pin_only`, GPU103's fixes keep their first edit (pin_memory) and
// leave the copies' non_blocking to GPU104 in the next round, as before the
// pinning fix carried them.
std::string fixedText(std::string text, bool compose, int* rounds, bool pin_only = false) {
  for (*rounds = 0; *rounds < 10; ++*rounds) {
    FileAnalysis a = analyzeSource(std::make_shared<SourceFile>("t.py", text, FileKind::Python), RuleOptions{});
    if (pin_only)
      for (Diagnostic& d : a.diagnostics)
        for (Fix& f : d.fixes)
          if (d.rule == "GPU103" && f.edits.size() > 1) f.edits.resize(1);
    if (!compose)
      for (Diagnostic& d : a.diagnostics)
        for (Fix& f : d.fixes)
          for (Edit& e : f.edits) e.appends.reset();
    fixits::FixPlan plan = fixits::planFixes(a.diagnostics, true);
    std::vector<Edit> edits;
    for (const Edit& e : plan.edits)
      if (e.file == "t.py") edits.push_back(e);
    std::string after = fixits::applyEdits(text, edits);
    if (after == text) break;
    text = std::move(after);
  }
  return text;
}

// Keywords several rules append to one call join one edit: the fixed text
// is the one the rounds gave when each rule's keywords waited for the next
// round, for every fixture, in no more rounds (the fixtures hold one rule's
// case each; ComposedKeywordsKeepEveryLayout shows the rounds saved).
TEST(FixRoundsCost, ComposedKeywordAppendsFixAsRoundsDid) {
  for (const fs::path& path : pythonFixtures()) {
    std::string text = readText(path);
    int composed_rounds = 0, plain_rounds = 0;
    EXPECT_EQ(fixedText(text, true, &composed_rounds), fixedText(text, false, &plain_rounds)) << path;
    EXPECT_LE(composed_rounds, plain_rounds) << path;
  }
}

// Each layout of an argument list addKeywords writes into: num_workers
// (GPU101) and pin_memory (GPU103) land in one round, as two rounds wrote them.
TEST(FixRoundsCost, ComposedKeywordsKeepEveryLayout) {
  const std::string head =
      "import torch\nfrom torch.utils.data import DataLoader\n\ndef main(ds):\n"
      "    model = torch.nn.Linear(2, 2).cuda()\n";
  const std::string loop =
      "    for x in loader:\n        x = x.to('cuda')\n        model(x).sum().backward()\n";
  const std::vector<std::string> calls = {
      "    loader = DataLoader(ds, batch_size=8)\n",                         // inline
      "    loader = DataLoader(ds, batch_size=8,)\n",                        // inline, trailing comma
      "    loader = DataLoader(\n        ds,\n        batch_size=8,\n    )\n",  // own lines, trailing comma
      "    loader = DataLoader(\n        ds,\n        batch_size=8  # b\n    )\n",  // own lines, comment
  };
  for (const std::string& call : calls) {
    std::string text = head + call + loop;
    int composed_rounds = 0, plain_rounds = 0;
    std::string composed = fixedText(text, true, &composed_rounds);
    EXPECT_EQ(composed, fixedText(text, false, &plain_rounds)) << call;
    EXPECT_NE(composed.find("pin_memory=True"), std::string::npos) << composed;
    EXPECT_NE(composed.find("num_workers="), std::string::npos) << composed;
    EXPECT_LT(composed_rounds, plain_rounds) << call;
  }
}

// GPU103's fix writes the copies' non_blocking=True with pin_memory: every
// fixture (and the generated benchmark's shape) fixes to the text the
// rounds gave when GPU104 wrote them one round later, in no more rounds,
// and in fewer where a pinned loader's copies were left.
TEST(FixRoundsCost, AsyncCopiesWithThePinFixAsRoundsDid) {
  size_t saved = 0;
  auto compare = [&](const std::string& text, const std::string& what) {
    int with_copies = 0, pin_only = 0;
    EXPECT_EQ(fixedText(text, true, &with_copies), fixedText(text, true, &pin_only, true)) << what;
    EXPECT_LE(with_copies, pin_only) << what;
    if (with_copies < pin_only) ++saved;
  };
  for (const fs::path& path : pythonFixtures()) compare(readText(path), path.string());
  compare(
      "import torch\nfrom torch.utils.data import DataLoader\n\n"
      "def make_loader(ds):\n    return DataLoader(ds, batch_size=8, shuffle=True)\n\n"
      "def train(ds):\n    model = torch.nn.Linear(2, 2).cuda()\n    loader = make_loader(ds)\n"
      "    for epoch in range(3):\n        for x, y in loader:\n            x = x.to('cuda')\n"
      "            y = y.to('cuda')\n            model(x).sum().backward()\n",
      "a loader returned by a helper");
  EXPECT_GT(saved, 2u);
}

TEST(FixRoundsCost, ScopeOffLeavesEveryRule) {
  FixableRulesOnly off(false);
  EXPECT_FALSE(FixableRulesOnly::active());
  {
    FixableRulesOnly on(true);
    FixableRulesOnly nested_off(false);  // an inner scope that is off keeps the outer one's mode
    EXPECT_TRUE(FixableRulesOnly::active());
  }
  EXPECT_FALSE(FixableRulesOnly::active());
}

}  // namespace
}  // namespace gpulint
