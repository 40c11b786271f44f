// Outputs for CI: GitLab Code Quality, GitHub workflow commands, JSON columns,
// and SARIF messages that link their related locations.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "report/gitlab_reporter.h"
#include "report/json_reporter.h"
#include "report/sarif_reporter.h"
#include "tests/unit/report_fixtures.h"

namespace gpulint {
namespace {

using nlohmann::json;
using testing_support::at;
using testing_support::file;

// "é" and "😀" before the finding: 2 and 4 bytes, 1 and 2 UTF-16 units.
const char* kWide = "s = \"é😀\"; loss.item()\nfor b in loader:\n    print(b[0])\n";

Diagnostic finding(const SourceFile& f) {
  Diagnostic d;
  d.rule = "GPU201";
  d.level = Level::Error;
  d.location = at(f, "loss.item()");
  d.message = "`loss.item()` waits for the GPU";
  d.related.push_back({at(f, "for b in loader:"), "runs once per batch [of loader] here"});
  d.related.push_back({at(f, "b[0]"), "`b[0]` is read here"});
  return d;
}

TEST(GitlabReporter, CodeQualityIssues) {
  auto f = file("src/train.py", kWide);
  std::ostringstream out;
  writeGitlab(out, {finding(*f)}, {{"jobs/broken.yaml", "invalid YAML at line 3"}}, lookupIn({f}));
  json issues = json::parse(out.str());
  ASSERT_EQ(issues.size(), 2u);
  const json& i = issues[0];
  EXPECT_EQ(i["check_name"], "GPU201");
  EXPECT_EQ(i["severity"], "major");
  EXPECT_EQ(i["location"]["path"], "src/train.py");
  EXPECT_EQ(i["location"]["lines"]["begin"], 1);
  EXPECT_NE(i["description"].get<std::string>().find("waits for the GPU"), std::string::npos);
  // The same fingerprint as SARIF and baselines.
  EXPECT_EQ(i["fingerprint"], sarifFingerprint(finding(*f), f.get()));
  // A file that could not be analysed shows up in the merge request.
  EXPECT_EQ(issues[1]["check_name"], "gpulint/file-error");
  EXPECT_EQ(issues[1]["location"]["path"], "jobs/broken.yaml");
  EXPECT_NE(issues[0]["fingerprint"], issues[1]["fingerprint"]);

  Diagnostic note = finding(*f);
  note.level = Level::Note;
  std::ostringstream second;
  writeGitlab(second, {note}, {}, lookupIn({f}));
  EXPECT_EQ(json::parse(second.str())[0]["severity"], "info");
}

TEST(CiFormats, ColumnsCountCharactersNotBytes) {
  auto f = file("u.py", kWide);
  std::ostringstream out;
  writeJson(out, {finding(*f)}, {});
  json d = json::parse(out.str())["diagnostics"][0];
  // s, space, =, space, ", é, 😀 (2 units), ", ;, space: the finding starts at 12.
  EXPECT_EQ(d["location"]["start"]["column"], 12);
  EXPECT_EQ(d["location"]["end"]["column"], 23);

  std::ostringstream gh;
  writeGithub(gh, {finding(*f)}, {});
  EXPECT_NE(gh.str().find(",col=12,endLine=1,endColumn=23,"), std::string::npos) << gh.str();
}

TEST(SarifReporter, MessageLinksRelatedLocationsAndEscapesBrackets) {
  auto f = file("u.py", kWide);
  Diagnostic d = finding(*f);
  d.message = "`b[0]` waits";
  std::ostringstream out;
  writeSarif(out, {d}, {}, lookupIn({f}), SarifOptions{});
  json r = json::parse(out.str())["runs"][0]["results"][0];
  EXPECT_EQ(r["message"]["text"],
            "`b\\[0\\]` waits. Related: [runs once per batch \\[of loader\\] here](1); [`b\\[0\\]` is read here](2).");
  EXPECT_EQ(r["relatedLocations"][0]["id"], 1);
  EXPECT_EQ(r["relatedLocations"][1]["id"], 2);

  d.related.clear();
  std::ostringstream plain;
  writeSarif(plain, {d}, {}, lookupIn({f}), SarifOptions{});
  EXPECT_EQ(json::parse(plain.str())["runs"][0]["results"][0]["message"]["text"], "`b\\[0\\]` waits.");
}

}  // namespace
}  // namespace gpulint
