// GPU001 unused-suppression and GPU002 invalid-suppression.
#include "checkers/suppression_report.h"

#include <gtest/gtest.h>

#include "fixits/apply.h"
#include "patterns/rule_docs.h"

namespace gpulint {
namespace {

std::vector<std::string> everyRule() {
  std::vector<std::string> ids;
  for (const RuleInfo& r : allRules()) ids.push_back(r.id);
  return ids;
}

struct Commented {
  SourceFile source;
  Suppressions sup;
  explicit Commented(const std::string& text, FileKind kind = FileKind::Python)
      : source("t.py", text, kind), sup(parseSuppressions(source.text(), kind)) {}
};

TEST(UnusedSuppression, UsedOnesAreSilentUnusedOnesReported) {
  Commented run(
      "a = x.item()  # gpulint: disable=GPU201\n"   // used below
      "b = 1  # gpulint: disable=GPU206\n"          // unused
      "# gpulint: disable=GPU201,GPU203\n"          // GPU201 used on line 4, GPU203 not
      "c = y.item()\n"
      "d = 2  # noqa\n"                             // bare: may be flake8's, never judged
      "e = 3  # noqa: E501, GPU202\n");             // GPU202 unused; E501 is not ours
  EXPECT_TRUE(run.sup.suppress("GPU201", 1));
  EXPECT_TRUE(run.sup.suppress("GPU201", 4));
  EXPECT_FALSE(run.sup.suppress("GPU101", 2));
  auto found = unusedSuppressionFindings(run.sup, run.source, everyRule());
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].rule, "GPU001");
  EXPECT_EQ(found[0].location.start.line, 2u);
  EXPECT_NE(found[0].message.find("no GPU206 finding on this line"), std::string::npos);
  ASSERT_EQ(found[0].fixes.size(), 1u);
  EXPECT_EQ(found[0].fixes[0].applicability, Applicability::Safe);

  EXPECT_EQ(found[1].location.start.line, 3u);
  EXPECT_NE(found[1].message.find("no GPU203 finding on this line or line 4"), std::string::npos);
  EXPECT_NE(found[1].message.find("remove GPU203 from it"), std::string::npos);
  EXPECT_TRUE(found[1].fixes.empty()) << "GPU201 of that comment is used: no deletion";

  EXPECT_EQ(found[2].location.start.line, 6u);
  EXPECT_TRUE(found[2].fixes.empty()) << "the comment also holds E501 for another tool";
}

TEST(UnusedSuppression, TheFixDeletesTheCommentOrItsLine) {
  Commented run(
      "def f():\n"
      "    # gpulint: disable=GPU201\n"
      "    b = 1  # gpulint: disable-file=GPU101\n"
      "    return b\n");
  auto found = unusedSuppressionFindings(run.sup, run.source, everyRule());
  ASSERT_EQ(found.size(), 2u);
  EXPECT_NE(found[1].message.find("in this file"), std::string::npos);
  std::vector<Edit> edits;
  for (const auto& d : found) edits.insert(edits.end(), d.fixes[0].edits.begin(), d.fixes[0].edits.end());
  EXPECT_EQ(fixits::applyEdits(std::string(run.source.text()), edits), "def f():\n    b = 1\n    return b\n");
}

TEST(UnusedSuppression, OnlyJudgedWhenEveryCoveredRuleRan) {
  Commented run("a = 1  # gpulint: disable=GPU4\nb = 2  # gpulint: disable=all\nc = 3  # gpulint: disable=GPU201\n");
  std::vector<std::string> without_cxx;
  for (const auto& id : everyRule())
    if (id.rfind("GPU4", 0) != 0) without_cxx.push_back(id);
  auto found = unusedSuppressionFindings(run.sup, run.source, without_cxx);
  ASSERT_EQ(found.size(), 1u) << "GPU4 and all cover rules that did not run";
  EXPECT_EQ(found[0].location.start.line, 3u);
  EXPECT_TRUE(unusedSuppressionFindings(run.sup, run.source, {"GPU101"}).empty());
  EXPECT_EQ(unusedSuppressionFindings(run.sup, run.source, everyRule()).size(), 3u);
}

TEST(UnusedSuppression, CxxComments) {
  Commented run("int f() { return 0; }  // gpulint: disable=GPU401\n", FileKind::Cxx);
  auto found = unusedSuppressionFindings(run.sup, run.source, everyRule());
  ASSERT_EQ(found.size(), 1u);
  std::vector<Edit> edits = found[0].fixes.at(0).edits;
  EXPECT_EQ(fixits::applyEdits(std::string(run.source.text()), edits), "int f() { return 0; }\n");
}

TEST(Nolint, ClangTidySpellingForGpulintEntriesOnly) {
  Commented run(
      "launch();  // NOLINT(gpulint-GPU404)\n"
      "// NOLINTNEXTLINE(gpulint-sync-in-op, bugprone-unused-return-value)\n"
      "cudaDeviceSynchronize();\n"
      "copy();  // NOLINT\n"
      "copy();  // NOLINT(gpulint-*)\n"
      "copy();  // NOLINT(bugprone-foo)\n"
      "copy();  // NOLINT(gpulint-no-such-rule)\n",
      FileKind::Cxx);
  EXPECT_TRUE(run.sup.suppressed("GPU404", 1));
  EXPECT_FALSE(run.sup.suppressed("GPU401", 2)) << "NOLINTNEXTLINE does not cover its own line";
  EXPECT_TRUE(run.sup.suppressed("GPU401", 3)) << "sync-in-op is GPU401's name";
  EXPECT_FALSE(run.sup.suppressed("GPU403", 4)) << "a bare NOLINT is clang-tidy's";
  EXPECT_TRUE(run.sup.suppressed("GPU403", 5));
  EXPECT_FALSE(run.sup.suppressed("GPU403", 6));
  ASSERT_EQ(run.sup.invalid().size(), 1u);
  EXPECT_EQ(run.sup.invalid()[0].line, 7u);

  auto found = unusedSuppressionFindings(run.sup, run.source, everyRule());
  ASSERT_EQ(found.size(), 3u);
  EXPECT_NE(found[1].message.find("no GPU401 finding on line 3"), std::string::npos) << found[1].message;
  EXPECT_TRUE(found[1].fixes.empty()) << "the comment also names a clang-tidy check";
}

TEST(InvalidSuppression, ReportedOnItsLine) {
  Commented run("a = 1\nb = x.item()  # gpulint: disable=GPU2O1\nc = 2  # noqa: E501\n");
  auto found = invalidSuppressionFindings(run.sup, run.source);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].rule, "GPU002");
  EXPECT_EQ(found[0].location.start.line, 2u);
  EXPECT_NE(found[0].message.find("GPU2O1"), std::string::npos);
  EXPECT_FALSE(run.sup.suppressed("GPU201", 2));
}

}  // namespace
}  // namespace gpulint
