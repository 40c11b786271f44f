#include "report/baseline.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

namespace gpulint {
namespace {

// A GPU101 finding on the first `DataLoader(` at or after byte `from`.
Diagnostic loaderFinding(const SourceFile& file, size_t from = 0) {
  size_t at = file.text().find("DataLoader(", from);
  Diagnostic d;
  d.rule = "GPU101";
  d.location = file.location(static_cast<uint32_t>(at), static_cast<uint32_t>(at + 10));
  d.message = "DataLoader without workers";
  return d;
}

Baseline roundTrip(const std::vector<Diagnostic>& diagnostics, const SourceLookup& lookup) {
  // ctest runs these tests as processes side by side: a file of each test's own.
  auto path = std::filesystem::temp_directory_path() /
              ("gpulint_baseline_test_" + std::to_string(::getpid()) + "_" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".json");
  {
    std::ofstream out(path);
    writeBaseline(out, diagnostics, lookup);
  }
  std::string error;
  auto baseline = Baseline::read(path.string(), &error);
  std::filesystem::remove(path);
  EXPECT_TRUE(baseline) << error;
  return baseline ? *baseline : Baseline();
}

TEST(Baseline, HidesRecordedFindingsAfterLinesAreInserted) {
  auto before = std::make_shared<SourceFile>("t.py", "x = DataLoader(a)\ny = DataLoader(b)\n", FileKind::Python);
  Baseline baseline = roundTrip({loaderFinding(*before), loaderFinding(*before, 5)}, lookupIn({before}));
  EXPECT_EQ(baseline.size(), 2u);

  auto after = std::make_shared<SourceFile>("t.py", "import os\n\nx = DataLoader(a)\ny = DataLoader(b)\nz = DataLoader(c)\n",
                                            FileKind::Python);
  std::vector<Diagnostic> now = {loaderFinding(*after), loaderFinding(*after, 20), loaderFinding(*after, 40)};
  size_t hidden = 0;
  auto fresh = baseline.newFindings(now, lookupIn({after}), &hidden);
  EXPECT_EQ(hidden, 2u);
  ASSERT_EQ(fresh.size(), 1u);
  EXPECT_EQ(fresh[0].location.start.line, 5u);
}

TEST(Baseline, TrailingSpacesOnAMultiLineFindingAreNotNew) {
  auto before = std::make_shared<SourceFile>("t.py", "x = DataLoader(a,\n    b)\n", FileKind::Python);
  Diagnostic d = loaderFinding(*before);
  d.location = before->location(4, 21);  // `DataLoader(a,\n    b)`: to the end of line 1
  Baseline baseline = roundTrip({d}, lookupIn({before}));
  auto after = std::make_shared<SourceFile>("t.py", "x = DataLoader(a,  \n    b)\n", FileKind::Python);
  Diagnostic now = d;
  now.location = after->location(4, 23);
  EXPECT_TRUE(baseline.newFindings({now}, lookupIn({after})).empty());
  auto edited = std::make_shared<SourceFile>("t.py", "x = DataLoader(c,\n    b)\n", FileKind::Python);
  now.location = edited->location(4, 21);
  EXPECT_EQ(baseline.newFindings({now}, lookupIn({edited})).size(), 1u) << "an edited flagged line is new";
}

TEST(Baseline, OneRecordHidesOneFinding) {
  auto before = std::make_shared<SourceFile>("t.py", "x = DataLoader(a)\n", FileKind::Python);
  Baseline baseline = roundTrip({loaderFinding(*before)}, lookupIn({before}));
  // The same line twice: the second copy is new.
  auto after = std::make_shared<SourceFile>("t.py", "x = DataLoader(a)\nx = DataLoader(a)\n", FileKind::Python);
  auto fresh = baseline.newFindings({loaderFinding(*after), loaderFinding(*after, 5)}, lookupIn({after}));
  ASSERT_EQ(fresh.size(), 1u);
  EXPECT_EQ(fresh[0].location.start.line, 2u);
}

TEST(Baseline, OtherRuleOrFileIsNew) {
  auto file = std::make_shared<SourceFile>("t.py", "x = DataLoader(a)\n", FileKind::Python);
  auto other = std::make_shared<SourceFile>("u.py", "x = DataLoader(a)\n", FileKind::Python);
  Baseline baseline = roundTrip({loaderFinding(*file)}, lookupIn({file}));
  Diagnostic rule = loaderFinding(*file);
  rule.rule = "GPU102";
  EXPECT_EQ(baseline.newFindings({rule, loaderFinding(*other)}, lookupIn({file, other})).size(), 2u);
}

TEST(Baseline, WholeFileFindingSurvivesANewFirstLine) {
  auto before = std::make_shared<SourceFile>("op.cpp", "#include <x.h>\n", FileKind::Cxx);
  Diagnostic d;
  d.rule = "GPU400";
  d.location = before->location(0, 0);
  d.message = "parsed with 3 errors";
  Baseline baseline = roundTrip({d}, lookupIn({before}));
  auto after = std::make_shared<SourceFile>("op.cpp", "// header\n#include <x.h>\n", FileKind::Cxx);
  Diagnostic now = d;
  now.location = after->location(0, 0);
  now.message = "parsed with 4 errors";
  EXPECT_TRUE(baseline.newFindings({now}, lookupIn({after})).empty());
  Diagnostic on_line_one = now;  // a finding on line 1's text is not about the whole file
  on_line_one.location = after->location(0, 9);
  EXPECT_EQ(baseline.newFindings({on_line_one}, lookupIn({after})).size(), 1u);
}

TEST(Baseline, RejectsFilesThatAreNotBaselines) {
  std::string error;
  EXPECT_FALSE(Baseline::read("/nonexistent/baseline.json", &error));
  EXPECT_NE(error.find("/nonexistent/baseline.json"), std::string::npos);
  auto path = std::filesystem::temp_directory_path() /
              ("gpulint_not_a_baseline_" + std::to_string(::getpid()) + ".json");
  std::ofstream(path) << R"({"findings": [{"fingerprint": "x"}]})";
  EXPECT_FALSE(Baseline::read(path.string(), &error)) << "no fingerprint kind";
  std::ofstream(path) << R"({"fingerprint": "gpulint/v1", "findings": [{"rule": "GPU101"}]})";
  EXPECT_FALSE(Baseline::read(path.string(), &error)) << "an entry without fingerprint";
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace gpulint
