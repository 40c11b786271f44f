// Rule documents, the text reporter and the SARIF reporter.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "patterns/embedded.h"
#include "patterns/rule_docs.h"
#include "report/sarif_reporter.h"
#include "report/text_reporter.h"
#include "tests/unit/report_fixtures.h"

namespace gpulint {
namespace {

using nlohmann::json;
using testing_support::at;
using testing_support::file;

// ---------------------------------------------------------------- rule docs

TEST(RuleDocs, EveryEmbeddedDocParses) {
  size_t docs = 0;
  for (const auto& [path, text] : embeddedFiles()) {
    if (!path.starts_with("patterns/rules/") || !path.ends_with(".md")) continue;
    ++docs;
    RuleInfo rule;
    std::string error;
    EXPECT_TRUE(parseRuleDoc(path, text, &rule, &error)) << path << ": " << error;
  }
  EXPECT_GE(docs, 5u);
  for (const auto& e : ruleDocErrors()) ADD_FAILURE() << e;
  EXPECT_EQ(allRules().size(), docs);
}

TEST(RuleDocs, CoreRulesArePresentSortedAndComplete) {
  for (const char* id : {"GPU101", "GPU102", "GPU201", "GPU202", "GPU204"})
    EXPECT_NE(findRule(id), nullptr) << id;
  EXPECT_EQ(findRule("GPU999"), nullptr);
  const auto& rules = allRules();
  for (size_t i = 1; i < rules.size(); ++i) EXPECT_LT(rules[i - 1].id, rules[i].id);
  const std::set<std::string> categories = {"meta", "data", "model", "job", "ops"};
  for (const auto& r : rules) {
    SCOPED_TRACE(r.id);
    EXPECT_TRUE(categories.count(r.category));
    EXPECT_TRUE(r.level == Level::Note || r.level == Level::Warning || r.level == Level::Error);
    EXPECT_TRUE(r.fix == "safe" || r.fix == "unsafe" || r.fix == "none");
    EXPECT_FALSE(r.summary.empty());
    EXPECT_EQ(r.summary.find('\n'), std::string::npos);
    EXPECT_FALSE(r.paper_category.empty());
    EXPECT_FALSE(r.since.empty());
    EXPECT_EQ(r.markdown.find("---\nid:"), std::string::npos);  // no front matter in the body
    for (auto section : ruleDocSections())
      EXPECT_FALSE(ruleDocSection(r, section).empty()) << section;
    // C++/CUDA operator rules (ops) show their example in C++ or CUDA, job rules in YAML.
    std::string example = ruleDocSection(r, "Example");
    bool native = (r.category == "ops" && (example.find("```cpp") != std::string::npos ||
                                           example.find("```cuda") != std::string::npos)) ||
                  (r.category == "job" && example.find("```yaml") != std::string::npos);
    EXPECT_TRUE(example.find("```python") != std::string::npos || native);
  }
  EXPECT_EQ(findRule("GPU204")->level, Level::Warning);
  EXPECT_EQ(findRule("GPU101")->fix, "unsafe");
  EXPECT_EQ(findRule("GPU102")->fix, "safe");
  EXPECT_EQ(findRule("GPU201")->name, "host-sync-in-step");
  EXPECT_EQ(findRule("GPU204")->options, (std::vector<std::string>{"min_batch_size", "large_model_modules"}));
  // The test build names no published home: no link rather than a dead one.
  EXPECT_EQ(helpUri(*findRule("GPU201")), "");
}

std::string docWith(const std::string& front, const std::string& body) { return "---\n" + front + "---\n\n" + body; }

const char* kFront =
    "id: GPU499\nname: test-rule\ncategory: ops\npaper_category: Test\nlevel: note\nfix: none\n"
    "since: 0.1.0\nsummary: A test.\noptions: [a, b]\n";
const char* kBody =
    "## What it does\n\nx\n\n## Why it idles the GPU\n\ny\n\n## Example\n\n```python\n## not a heading\nz = 1\n```\n\n"
    "## Use instead\n\nw\n\n## Fix safety\n\nv\n\n## Options\n\nNone.\n";

TEST(RuleDocs, ParsesAValidDocument) {
  RuleInfo r;
  std::string error;
  ASSERT_TRUE(parseRuleDoc("patterns/rules/GPU499_test_rule.md", docWith(kFront, kBody), &r, &error)) << error;
  EXPECT_EQ(r.id, "GPU499");
  EXPECT_EQ(r.level, Level::Note);
  EXPECT_EQ(r.stem, "GPU499_test_rule");
  EXPECT_EQ(r.options, (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(r.markdown.starts_with("## What it does"));
  EXPECT_EQ(ruleDocSection(r, "Example"), "```python\n## not a heading\nz = 1\n```");
}

// The plain one-line front matter is read without YAML; any other spelling
// YAML reads must give the same rule (quotes, a comment, a block list, a
// summary with ": " in it, spaces before the end of the line).
TEST(RuleDocs, YamlSpellingsReadLikeThePlainOne) {
  auto parsed = [](const std::string& front) {
    RuleInfo r;
    std::string error;
    EXPECT_TRUE(parseRuleDoc("patterns/rules/GPU499_test_rule.md", docWith(front, kBody), &r, &error)) << error;
    return r;
  };
  RuleInfo plain = parsed(kFront);
  RuleInfo quoted = parsed(
      "id: \"GPU499\"\nname: 'test-rule'\ncategory: ops  # comment\npaper_category: Test   \nlevel: note\n"
      "fix: none\nsince: 0.1.0\nsummary: \"A test.\"\noptions:\n  - a\n  - b\n");
  EXPECT_EQ(quoted.id, plain.id);
  EXPECT_EQ(quoted.name, plain.name);
  EXPECT_EQ(quoted.category, plain.category);
  EXPECT_EQ(quoted.paper_category, plain.paper_category);
  EXPECT_EQ(quoted.summary, plain.summary);
  EXPECT_EQ(quoted.options, plain.options);
  EXPECT_EQ(plain.paper_category, "Test");
  RuleInfo colon = parsed(std::string(kFront).replace(std::string(kFront).find("A test."), 7, "'A test: quoted.'"));
  EXPECT_EQ(colon.summary, "A test: quoted.");
  RuleInfo hash = parsed(std::string(kFront).replace(std::string(kFront).find("A test."), 7, "A test. # not part"));
  EXPECT_EQ(hash.summary, "A test.");
  RuleInfo no_options = parsed(std::string(kFront).replace(std::string(kFront).find("options: [a, b]\n"), 16, ""));
  EXPECT_TRUE(no_options.options.empty());
}

TEST(RuleDocs, MalformedDocumentsFailLoudly) {
  const std::string path = "patterns/rules/GPU499_test_rule.md";
  auto fails = [&](const std::string& text, const std::string& expected, const std::string& p = "") {
    RuleInfo r;
    std::string error;
    bool ok = parseRuleDoc(p.empty() ? path : p, text, &r, &error);
    EXPECT_FALSE(ok) << text;
    EXPECT_NE(error.find(expected), std::string::npos) << "error was: " << error;
  };
  auto replace = [](std::string s, const std::string& a, const std::string& b) {
    return s.replace(s.find(a), a.size(), b);
  };
  std::string front = kFront, body = kBody;
  fails(body, "missing front matter");
  fails("---\n" + front + body, "unterminated front matter");
  fails(docWith("id: [unclosed\n", body), "not valid YAML");
  fails(docWith("- a\n- b\n", body), "mapping");
  fails(docWith(replace(front, "level: note", "level: fatal"), body), "'level'");
  fails(docWith(replace(front, "fix: none", "fix: maybe"), body), "'fix'");
  fails(docWith(replace(front, "category: ops", "category: data"), body), "'category'");
  fails(docWith(replace(front, "since: 0.1.0\n", ""), body), "lacks 'since'");
  fails(docWith(front + "sumary: typo\n", body), "unknown front matter key 'sumary'");
  fails(docWith(replace(front, "options: [a, b]", "options: {a: 1}"), body), "'options'");
  fails(docWith(replace(front, "summary: A test.", "summary: |\n  two\n  lines"), body), "one line");
  fails(docWith(front, body), "file name", "patterns/rules/GPU499_other.md");
  fails(docWith(front, replace(body, "## Fix safety", "## Fix Safety")), "sections must be exactly");
  fails(docWith(front, replace(body, "## Options\n\nNone.\n", "")), "sections must be exactly");
  fails(docWith(front, replace(body, "## Options\n\nNone.\n", "## Options\n")), "'Options' is empty");
  fails(docWith(front, replace(body, "```\n\n## Use", "\n## Use")), "unclosed code fence");
  fails(docWith(front, replace(body, "```python", "```text")), "```python");
}

// ------------------------------------------------------------------ helpers

const char* kScript =
    "import torch\n"
    "total = 0.0\n"
    "for x, y in loader:\n"
    "    loss = model(x.cuda()).sum()\n"
    "    total += loss.item()\n";

Diagnostic syncDiagnostic(const SourceFile& f) {
  Diagnostic d;
  d.rule = "GPU201";
  d.level = Level::Warning;
  d.location = at(f, "loss.item()");
  d.message = "`.item()` waits for the GPU on every step";
  d.related.push_back({at(f, "total = 0.0"), "accumulator defined here"});
  Location item = at(f, ".item()");
  d.fixes.push_back({"Accumulate with `.detach()`", Applicability::Unsafe,
                     {{f.path(), item.begin, item.end, ".detach()"}}});
  d.fixes.push_back({"Log every N steps", Applicability::Display, {}});
  return d;
}

// --------------------------------------------------------------------- text

TEST(TextReporter, CodeFrameRelatedAndFixTitles) {
  auto f = file("train.py", kScript);
  std::ostringstream out;
  writeText(out, {syncDiagnostic(*f)}, lookupIn({f}), TextOptions{});
  EXPECT_EQ(out.str(),
            "train.py:5:14: warning: `.item()` waits for the GPU on every step [GPU201]\n"
            " 5 |     total += loss.item()\n"
            "   |              ^~~~~~~~~~~\n"
            "  train.py:2:1: note: accumulator defined here\n"
            "  help: Accumulate with `.detach()` (unsafe fix)\n"
            "  help: Log every N steps (suggestion)\n"
            "\n"
            "Found 1 finding (0 errors, 1 warning, 0 notes).\n");
}

TEST(TextReporter, NoSourceMeansNoFrameAndColorsOnlyWhenAsked) {
  auto f = file("train.py", kScript);
  std::ostringstream plain, colored;
  TextOptions options;
  writeText(plain, {syncDiagnostic(*f)}, SourceLookup{}, options);
  EXPECT_EQ(plain.str().find(" | "), std::string::npos);
  EXPECT_EQ(plain.str().find('\x1b'), std::string::npos);
  options.color = true;
  writeText(colored, {syncDiagnostic(*f)}, lookupIn({f}), options);
  EXPECT_NE(colored.str().find("\x1b["), std::string::npos);
  EXPECT_NE(colored.str().find("[GPU201]"), std::string::npos);
}

TEST(TextReporter, TabsMultiByteAndMultiLineRanges) {
  auto f = file("t.py", "if x:\n\tprint(\"é\", loss.item())\nfoo(a,\n    b)\n");
  TextOptions options;  // tab_width 4
  EXPECT_EQ(codeFrame(*f, at(*f, "loss.item()"), options),
            " 2 |     print(\"é\", loss.item())\n"
            "   |                ^~~~~~~~~~~\n");
  EXPECT_EQ(codeFrame(*f, at(*f, "foo(a,\n    b)"), options),
            " 3 | foo(a,\n"
            "   | ^~~~~~\n");
  // An empty range gets one caret.
  Location empty = at(*f, "foo");
  empty = f->location(empty.begin, empty.begin);
  EXPECT_EQ(codeFrame(*f, empty, options), " 3 | foo(a,\n   | ^\n");
  // Control characters are never echoed to the terminal.
  auto g = file("g.py", std::string("a = '\x1b[31m'\n"));
  EXPECT_EQ(codeFrame(*g, at(*g, "a"), options).find('\x1b'), std::string::npos);
}

TEST(TextReporter, SummaryAndFileErrors) {
  std::ostringstream out;
  writeText(out, {}, {{"broken.yaml", "invalid UTF-8 at byte 3"}}, SourceLookup{}, TextOptions{});
  EXPECT_EQ(out.str(),
            "broken.yaml: error: invalid UTF-8 at byte 3\n"
            "No findings.\n"
            "1 file was not analysed because of errors.\n");
  std::vector<Diagnostic> ds(3);
  ds[0].level = Level::Error;
  ds[1].level = Level::Note;
  ds[2].level = Level::Note;
  EXPECT_EQ(summaryLine(ds), "Found 3 findings (1 error, 0 warnings, 2 notes).");
}

// -------------------------------------------------------------------- SARIF

json sarif(const std::vector<Diagnostic>& ds, const std::vector<SourceFilePtr>& files,
           const std::vector<FileError>& errors = {}) {
  std::ostringstream out;
  writeSarif(out, ds, errors, lookupIn(files), SarifOptions{"file:///work/project", "0.1.0"});
  return json::parse(out.str());
}

TEST(SarifReporter, Structure) {
  auto f = file("src/train.py", kScript);
  json log = sarif({syncDiagnostic(*f)}, {f});
  EXPECT_EQ(log["version"], "2.1.0");
  EXPECT_EQ(log["$schema"], std::string(kSarifSchema));
  ASSERT_EQ(log["runs"].size(), 1u);
  const json& run = log["runs"][0];
  EXPECT_EQ(run["columnKind"], "utf16CodeUnits");
  EXPECT_EQ(run["originalUriBaseIds"]["%SRCROOT%"]["uri"], "file:///work/project/");
  const json& driver = run["tool"]["driver"];
  EXPECT_EQ(driver["name"], "gpulint");
  EXPECT_EQ(driver["version"], "0.1.0");
  EXPECT_FALSE(driver.contains("informationUri"));  // the test build names no home page
  ASSERT_EQ(driver["rules"].size(), allRules().size());
  for (const auto& rule : driver["rules"]) {
    for (const char* key : {"id", "name", "shortDescription", "fullDescription", "help",
                            "defaultConfiguration", "properties"})
      EXPECT_TRUE(rule.contains(key)) << rule["id"] << " " << key;
    EXPECT_FALSE(rule.contains("helpUri")) << "no link to a place that does not exist";
    EXPECT_TRUE(rule["help"].contains("markdown"));
    EXPECT_EQ(rule["properties"]["tags"].size(), 2u);
  }
  ASSERT_EQ(run["results"].size(), 1u);
  const json& r = run["results"][0];
  EXPECT_EQ(r["ruleId"], "GPU201");
  EXPECT_EQ(driver["rules"][r["ruleIndex"].get<size_t>()]["id"], "GPU201");
  EXPECT_EQ(r["level"], "warning");
  // Related locations are linked from the message text, by id, for code scanning.
  EXPECT_EQ(r["message"]["text"], "`.item()` waits for the GPU on every step. Related: [accumulator defined here](1).");
  const json& loc = r["locations"][0]["physicalLocation"];
  EXPECT_EQ(loc["artifactLocation"]["uri"], "src/train.py");
  EXPECT_EQ(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
  const json& region = loc["region"];
  EXPECT_EQ(region["startLine"], 5);
  EXPECT_EQ(region["startColumn"], 14);
  EXPECT_EQ(region["endLine"], 5);
  EXPECT_EQ(region["endColumn"], 25);
  size_t offset = std::string(kScript).find("loss.item()");
  EXPECT_EQ(region["charOffset"], offset);
  EXPECT_EQ(region["charLength"], 11);
  EXPECT_EQ(region["snippet"]["text"], "loss.item()");
  EXPECT_EQ(loc["contextRegion"]["snippet"]["text"], "    total += loss.item()");
  ASSERT_EQ(r["relatedLocations"].size(), 1u);
  EXPECT_EQ(r["relatedLocations"][0]["message"]["text"], "accumulator defined here.");
  EXPECT_EQ(r["relatedLocations"][0]["physicalLocation"]["region"]["startLine"], 2);
  EXPECT_TRUE(r["partialFingerprints"].contains(std::string(kSarifFingerprintKey)));
  // The display-only fix is not a SARIF fix.
  ASSERT_EQ(r["fixes"].size(), 1u);
  const json& change = r["fixes"][0]["artifactChanges"][0];
  EXPECT_EQ(change["artifactLocation"]["uri"], "src/train.py");
  const json& rep = change["replacements"][0];
  EXPECT_EQ(rep["insertedContent"]["text"], ".detach()");
  EXPECT_EQ(rep["deletedRegion"]["charOffset"], offset + 4);
  EXPECT_EQ(rep["deletedRegion"]["charLength"], 7);
  EXPECT_EQ(rep["deletedRegion"]["startLine"], 5);
  EXPECT_EQ(rep["deletedRegion"]["startColumn"], 18);
  EXPECT_EQ(rep["deletedRegion"]["endColumn"], 25);
  EXPECT_EQ(run["invocations"][0]["executionSuccessful"], true);
}

TEST(SarifReporter, Utf16ColumnsAndOffsets) {
  auto f = file("u.py", "s = \"😀é\"\nt = 1; loss.item()\n");
  Diagnostic d;
  d.rule = "GPU201";
  d.location = at(*f, "loss.item()");
  d.message = "sync";
  json region = sarif({d}, {f})["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
  EXPECT_EQ(region["startLine"], 2);
  EXPECT_EQ(region["startColumn"], 8);
  // Line 1 is 9 UTF-16 units plus the newline (😀 counts 2, é 1).
  EXPECT_EQ(region["charOffset"], 10 + 7);
  Diagnostic e = d;
  e.location = at(*f, "é\"");
  region = sarif({e}, {f})["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
  EXPECT_EQ(region["startColumn"], 8);  // s, space, =, space, ", 😀 (2)
  EXPECT_EQ(region["charLength"], 2);
  // Long ASCII runs (counted eight bytes at a time) around multi-byte characters.
  auto g = file("v.py", "x = 'abcdefghijklmnop\xF0\x9F\x98\x80'\nlong_name_here = 2; loss.item()\n");
  Diagnostic h = d;
  h.location = at(*g, "loss.item()");
  region = sarif({h}, {g})["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
  // Line 1: 4 + quote + 16 letters + the emoji (2) + quote = 24 units, then the newline.
  EXPECT_EQ(region["charOffset"], 25 + 20);
  EXPECT_EQ(region["charLength"], 11);
}

TEST(SarifReporter, FingerprintIsStableWhenLinesAreInsertedAbove) {
  auto before = file("train.py", kScript);
  auto after = file("train.py", std::string("# a new comment\nimport os\n") + kScript);
  EXPECT_EQ(sarifFingerprint(syncDiagnostic(*before), before.get()),
            sarifFingerprint(syncDiagnostic(*after), after.get()));
  // Through writeSarif too.
  auto fp = [](const json& log) { return log["runs"][0]["results"][0]["partialFingerprints"]; };
  EXPECT_EQ(fp(sarif({syncDiagnostic(*before)}, {before})), fp(sarif({syncDiagnostic(*after)}, {after})));
  // Same rule on an identical line further down: a different fingerprint.
  auto twice = file("train.py", std::string(kScript) + "    total += loss.item()\n");
  Diagnostic first = syncDiagnostic(*twice), second = first;
  second.location = at(*twice, "loss.item()", 1);
  EXPECT_NE(sarifFingerprint(first, twice.get()), sarifFingerprint(second, twice.get()));
  // Another rule or another file: different.
  Diagnostic other = syncDiagnostic(*before);
  other.rule = "GPU206";
  EXPECT_NE(sarifFingerprint(other, before.get()), sarifFingerprint(syncDiagnostic(*before), before.get()));
  auto moved = file("other.py", kScript);
  EXPECT_NE(sarifFingerprint(syncDiagnostic(*moved), moved.get()),
            sarifFingerprint(syncDiagnostic(*before), before.get()));
}

TEST(SarifReporter, FileErrorsUnknownRulesAndUris) {
  auto f = file("dir with space/job#1.yaml", "workers: 0\n");
  Diagnostic d;
  d.rule = "GPU999";
  d.location = at(*f, "0");
  d.message = "zero workers";
  json log = sarif({d}, {f}, {{"bad.py", "invalid UTF-8 at byte 4"}});
  const json& run = log["runs"][0];
  const json& r = run["results"][0];
  EXPECT_EQ(run["tool"]["driver"]["rules"][r["ruleIndex"].get<size_t>()]["id"], "GPU999");
  EXPECT_EQ(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "dir%20with%20space/job%231.yaml");
  const json& inv = run["invocations"][0];
  EXPECT_EQ(inv["executionSuccessful"], false);
  ASSERT_EQ(inv["toolExecutionNotifications"].size(), 1u);
  EXPECT_EQ(inv["toolExecutionNotifications"][0]["level"], "error");
  EXPECT_EQ(inv["toolExecutionNotifications"][0]["message"]["text"], "invalid UTF-8 at byte 4.");
  EXPECT_EQ(inv["toolExecutionNotifications"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "bad.py");
  EXPECT_EQ(fileUri("/abs/my dir"), "file:///abs/my%20dir");
  EXPECT_EQ(fileUri("C:\\work\\x"), "file:///C:/work/x");
  EXPECT_EQ(artifactUri("./a/b.py"), "a/b.py");
  EXPECT_EQ(artifactUri("/tmp/x.py"), "file:///tmp/x.py");
}

TEST(SarifReporter, WithoutSourcesRegionsComeFromLocations) {
  auto f = file("train.py", kScript);
  json log = sarif({syncDiagnostic(*f)}, {});
  const json& r = log["runs"][0]["results"][0];
  const json& region = r["locations"][0]["physicalLocation"]["region"];
  EXPECT_EQ(region["startLine"], 5);
  EXPECT_EQ(region["startColumn"], 14);
  EXPECT_FALSE(region.contains("charOffset"));
  const json& deleted = r["fixes"][0]["artifactChanges"][0]["replacements"][0]["deletedRegion"];
  EXPECT_EQ(deleted["byteLength"], 7);
}

}  // namespace
}  // namespace gpulint
