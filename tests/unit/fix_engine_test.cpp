#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fixits/apply.h"

namespace gpulint::fixits {
namespace {

Diagnostic withFix(const std::string& rule, uint32_t begin, uint32_t end, std::string text, Applicability a) {
  Diagnostic d;
  d.rule = rule;
  d.location.file = "a.py";
  d.fixes.push_back(Fix{"fix " + rule, a, {Edit{"a.py", begin, end, std::move(text)}}});
  return d;
}

TEST(FixEngine, SafeOnlyUnlessUnsafeRequested) {
  std::vector<Diagnostic> ds{withFix("GPU1", 0, 1, "x", Applicability::Safe),
                             withFix("GPU2", 5, 6, "y", Applicability::Unsafe),
                             withFix("GPU3", 8, 9, "z", Applicability::Display)};
  EXPECT_EQ(planFixes(ds, false).chosen.size(), 1u);
  EXPECT_EQ(planFixes(ds, true).chosen.size(), 2u);
}

TEST(FixEngine, OverlappingFixesAreSkippedWithAMessage) {
  std::vector<Diagnostic> ds{withFix("GPU1", 0, 4, "x", Applicability::Safe),
                             withFix("GPU2", 2, 6, "y", Applicability::Safe),
                             withFix("GPU3", 4, 4, "z", Applicability::Safe),  // insertion at the end of the first
                             withFix("GPU4", 10, 10, "w", Applicability::Safe),
                             withFix("GPU5", 10, 10, "v", Applicability::Safe)};
  FixPlan plan = planFixes(ds, false);
  ASSERT_EQ(plan.chosen.size(), 2u);
  EXPECT_EQ(plan.chosen[0]->title, "fix GPU1");
  EXPECT_EQ(plan.chosen[1]->title, "fix GPU4");
  ASSERT_EQ(plan.skipped.size(), 3u);
  EXPECT_NE(plan.skipped[0].find("not applied: overlaps"), std::string::npos);
}

Diagnostic withKeywords(const std::string& rule, uint32_t at, KeywordAppend frame,
                        const std::vector<std::string>& names) {
  for (const auto& n : names) {
    frame.names.push_back(n);
    frame.items.push_back(n + "=1");
  }
  Diagnostic d;
  d.rule = rule;
  d.location.file = "a.py";
  std::string text = frame.text();
  d.fixes.push_back(Fix{"fix " + rule, Applicability::Safe, {Edit{"a.py", at, at, text, std::move(frame)}}});
  return d;
}

TEST(FixEngine, KeywordAppendsToOneCallCompose) {
  KeywordAppend inline_call{", ", ", ", "", {}, {}};
  std::vector<Diagnostic> ds{withKeywords("GPU1", 4, inline_call, {"a", "b"}),
                             withKeywords("GPU2", 4, inline_call, {"c"})};
  FixPlan plan = planFixes(ds, false);
  ASSERT_EQ(plan.chosen.size(), 2u);
  ASSERT_EQ(plan.edits.size(), 1u);
  EXPECT_EQ(plan.edits[0].replacement, ", a=1, b=1, c=1");
  EXPECT_EQ(applyEdits("f(ds)", plan.edits), "f(ds, a=1, b=1, c=1)");
  EXPECT_TRUE(plan.skipped.empty());
}

TEST(FixEngine, KeywordAppendsThatCannotJoinStayOverlaps) {
  KeywordAppend inline_call{", ", ", ", "", {}, {}};
  KeywordAppend own_lines{"", "", "", {}, {}};
  // The same keyword twice would not run; another layout, or a plain
  // insertion at that point, cannot join either.
  std::vector<Diagnostic> ds{withKeywords("GPU1", 4, inline_call, {"a", "b"}),
                             withKeywords("GPU2", 4, inline_call, {"b"}),
                             withKeywords("GPU3", 4, own_lines, {"c"}),
                             withFix("GPU4", 4, 4, ", d=1", Applicability::Safe)};
  FixPlan plan = planFixes(ds, false);
  ASSERT_EQ(plan.chosen.size(), 1u);
  ASSERT_EQ(plan.edits.size(), 1u);
  EXPECT_EQ(plan.edits[0].replacement, ", a=1, b=1");
  EXPECT_EQ(plan.skipped.size(), 3u);
}

TEST(FixEngine, ApplyEditsKeepsCrlf) {
  std::string text = "f(a,\r\n  b)\r\n";
  std::string out = applyEdits(text, {Edit{"a.py", 9, 9, ",\n  c=1"}});
  EXPECT_EQ(out, "f(a,\r\n  b,\r\n  c=1)\r\n");
}

TEST(FixEngine, ApplyEditsIgnoresStaleRanges) {
  EXPECT_EQ(applyEdits("abc", {Edit{"a.py", 2, 10, "x"}}), "abc");
}

TEST(FixEngine, SyntaxErrorsAreCounted) {
  EXPECT_EQ(syntaxErrorCount("x = f(1, 2)\n", FileKind::Python), 0);
  EXPECT_GT(syntaxErrorCount("x = f(1, 2\n", FileKind::Python), 0);
  EXPECT_EQ(syntaxErrorCount("int main() {}", FileKind::Cxx), -1);
}

TEST(FixEngine, AtomicWriteKeepsMode) {
  auto dir = std::filesystem::temp_directory_path() / "gpulint-fix-test";
  std::filesystem::create_directories(dir);
  auto file = (dir / "t.py").string();
  { std::ofstream(file) << "old\n"; }
  ::chmod(file.c_str(), 0751);
  ASSERT_EQ(writeFileAtomically(file, "new\n"), "");
  std::ifstream in(file);
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(ss.str(), "new\n");
  struct stat st {};
  ::stat(file.c_str(), &st);
  EXPECT_EQ(st.st_mode & 07777, 0751u);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1);  // no temp file left
  std::filesystem::remove_all(dir);
}

TEST(FixEngine, UnifiedDiffHunks) {
  std::string before = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n";
  std::string after = "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\n";
  std::string diff = unifiedDiff("x.py", before, after);
  EXPECT_EQ(diff,
            "--- a/x.py\n+++ b/x.py\n@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n"
            "@@ -8,3 +8,4 @@\n h\n i\n j\n+k\n");
  EXPECT_EQ(unifiedDiff("x.py", before, before), "");
}

TEST(FixEngine, ApplyEditsKeepsBomAndMissingFinalNewline) {
  // The BOM stays part of the text: byte offsets match the file on disk.
  std::string text = "\xEF\xBB\xBF" "f(a)";
  EXPECT_EQ(applyEdits(text, {Edit{"a.py", 6, 6, ", b=1"}}), "\xEF\xBB\xBF" "f(a, b=1)");
  EXPECT_EQ(syntaxErrorCount(text, FileKind::Python), 0);  // tree-sitter reads past a BOM
}

TEST(FixEngine, AtomicWriteKeepsBytesExactly) {
  auto dir = std::filesystem::temp_directory_path() / "gpulint-fix-bytes-test";
  std::filesystem::create_directories(dir);
  auto file = (dir / "t.py").string();
  std::string text = "\xEF\xBB\xBFx = 1\r\ny = 2";  // BOM, CRLF, no final newline
  { std::ofstream(file) << "old\n"; }
  ASSERT_EQ(writeFileAtomically(file, text), "");
  std::ifstream in(file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(ss.str(), text);
  std::filesystem::remove_all(dir);
}

TEST(FixEngine, AtomicWriteReportsAnUnwritableFolder) {
  std::string err = writeFileAtomically("/nonexistent-gpulint-dir/t.py", "x\n");
  EXPECT_NE(err.find("cannot create"), std::string::npos) << err;
}

TEST(FixEngine, UnifiedDiffOfAbsolutePathsAndMissingNewline) {
  std::string diff = unifiedDiff("/tmp/x.py", "a\nb", "a\nc");
  EXPECT_EQ(diff.substr(0, diff.find("@@")), "--- a/tmp/x.py\n+++ b/tmp/x.py\n");
  EXPECT_NE(diff.find("-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"), std::string::npos)
      << diff;
}

}  // namespace
}  // namespace gpulint::fixits
