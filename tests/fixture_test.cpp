// The fixture runner: every file under testdata/<kind>/ carries its
// expectations inline (`# expect: GPU201`, `# expect: GPU201 "substring"`,
// `# expect-next: GPU201`; `// expect:` in C++). Missing or extra
// diagnostics fail. A file without expectations must produce nothing.
// Suppression comments apply as in `gpulint check`. Notebooks (.ipynb)
// carry their expectations in code cells: they are read from the joined
// Python of the cells, where the findings' lines are counted too.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "checkers/pipeline.h"
#include "checkers/project_pass.h"
#include "checkers/finding_filter.h"
#include "checkers/suppression.h"
#include "cli/fix_loop.h"
#include "frontend/cxx/cxx_frontend.h"

namespace fs = std::filesystem;

namespace gpulint {
namespace {

struct Expectation {
  uint32_t line;
  std::string rule;
  std::string substring;
};

std::vector<Expectation> parseExpectations(const std::string& text) {
  std::vector<Expectation> out;
  static const std::regex marker(R"re((?:#|//)\s*expect(-next)?:\s*([^#\n]*))re");
  static const std::regex item(R"re((GPU\d{3})(?:\s+"([^"]*)")?)re");
  std::istringstream in(text);
  std::string line;
  uint32_t n = 0;
  while (std::getline(in, line)) {
    ++n;
    std::smatch m;
    if (!std::regex_search(line, m, marker)) continue;
    uint32_t target = m[1].matched ? n + 1 : n;
    std::string rest = m[2];
    for (std::sregex_iterator it(rest.begin(), rest.end(), item), end; it != end; ++it)
      out.push_back({target, (*it)[1], (*it)[2]});
  }
  return out;
}

// JSON has no comments: `<file>.json.expect` beside it holds one expectation
// a line, `LINE GPUxxx` or `LINE GPUxxx "substring"` (`#` starts a comment).
std::vector<Expectation> parseSidecar(const std::string& text) {
  std::vector<Expectation> out;
  static const std::regex line_re(R"re(^\s*(\d+)\s+(GPU\d{3})(?:\s+"([^"]*)")?\s*$)re");
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t") == std::string::npos || line.find_first_not_of(" \t") == line.find('#')) continue;
    std::smatch m;
    if (std::regex_match(line, m, line_re))
      out.push_back({static_cast<uint32_t>(std::stoul(m[1])), m[2], m[3]});
    else
      out.push_back({0, "malformed expectation: " + line, ""});
  }
  return out;
}

std::vector<Expectation> expectationsFor(const fs::path& path, const std::string& text) {
  std::vector<Expectation> out = parseExpectations(text);
  fs::path sidecar = path;
  sidecar += ".expect";
  if (path.extension() == ".json" && fs::exists(sidecar)) {
    std::ifstream in(sidecar);
    std::stringstream ss;
    ss << in.rdbuf();
    for (auto& e : parseSidecar(ss.str())) out.push_back(std::move(e));
  }
  return out;
}

std::vector<fs::path> fixtureFiles() {
  std::vector<fs::path> files;
  fs::path root = fs::path(GPULINT_SOURCE_DIR) / "testdata";
  for (const char* kind : {"python", "projects", "cxx", "cuda", "runnable", "notebooks"}) {
    if (!fs::exists(root / kind)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root / kind)) {
      std::string name = e.path().filename().string();
      if (!e.is_regular_file() || (kindFromPath(name) == FileKind::Unknown && !isNotebookPath(name))) continue;
      if (name.find(".fixed.") != std::string::npos || name.find(".unsafe-fixed.") != std::string::npos) continue;
      files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

class Fixture : public ::testing::TestWithParam<fs::path> {};

// The project folder of a testdata/projects/<name>/ file; "" for other files.
std::string projectOf(const std::string& rel) {
  static const std::string prefix = "testdata/projects/";
  if (rel.rfind(prefix, 0) != 0) return "";
  return rel.substr(0, rel.find('/', prefix.size()));
}

// Per-file analyses of every file of a project (not its .fixed files),
// with `rel`'s text replaced by `text` when given.
std::vector<FileAnalysis> projectFiles(const std::string& project, std::vector<std::string>* disk,
                                       const std::string& rel = "", const std::string* text = nullptr) {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(GPULINT_SOURCE_DIR) / project)) {
    std::string name = e.path().filename().string();
    if (name.find(".fixed.") != std::string::npos || name.find(".unsafe-fixed.") != std::string::npos) continue;
    if (e.is_regular_file() && kindFromPath(e.path().string()) != FileKind::Unknown) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<FileAnalysis> results;
  for (const fs::path& f : files) {
    std::string frel = fs::relative(f, GPULINT_SOURCE_DIR).string();
    std::string content;
    if (text && frel == rel) {
      content = *text;
    } else {
      std::ifstream in(f);
      std::stringstream ss;
      ss << in.rdbuf();
      content = ss.str();
    }
    results.push_back(analyzeSource(std::make_shared<SourceFile>(frel, content, kindFromPath(frel)), RuleOptions{}, Checks::Deferred));
    disk->push_back(f.string());
  }
  return results;
}

// testdata/projects/<name>/ is one project: its jobs link to its scripts, so
// every file is analysed together with the others (results cached per project).
const FileAnalysis* projectResult(const std::string& rel) {
  static std::map<std::string, std::map<std::string, FileAnalysis>> cache;
  std::string project = projectOf(rel);
  if (project.empty()) return nullptr;
  auto [it, fresh] = cache.try_emplace(project);
  if (fresh) {
    std::vector<std::string> disk;
    std::vector<FileAnalysis> results = projectFiles(project, &disk);
    RuleOptions options;
    linkJobs({&results, &disk, &options});
    // A finding belongs to the file of its primary location (a job finding
    // may be produced while analysing the script it launches).
    std::vector<Diagnostic> all;
    for (auto& r : results) {
      all.insert(all.end(), r.diagnostics.begin(), r.diagnostics.end());
      r.diagnostics.clear();
      if (r.source) it->second[r.source->path()] = std::move(r);
    }
    for (auto& d : all)
      if (auto f = it->second.find(d.location.file); f != it->second.end()) f->second.diagnostics.push_back(d);
  }
  auto found = it->second.find(rel);
  return found == it->second.end() ? nullptr : &found->second;
}

TEST_P(Fixture, DiagnosticsMatchInlineExpectations) {
  const fs::path& path = GetParam();
  if (kindFromPath(path.string()) == FileKind::Cxx && !cxx::available())
    GTEST_SKIP() << "built without libTooling (GPULINT_WITH_CLANG=OFF)";
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string rel = fs::relative(path, GPULINT_SOURCE_DIR).string();
  LoadedSource loaded = sourceFromText(rel, ss.str(), kindFromPath(rel));
  ASSERT_TRUE(loaded.source) << loaded.error << loaded.skipped;
  const FileAnalysis* in_project = projectResult(rel);
  FileAnalysis result = in_project ? *in_project : analyzeSource(loaded.source, RuleOptions{});
  ASSERT_TRUE(result.error.empty()) << result.error;
  // As `gpulint check` filters them; GPU001's own fixtures run with --report-unused-suppressions.
  FindingFilterOptions filter{path.filename().string().rfind("GPU001_", 0) == 0, true};
  result.diagnostics = selectFindings(std::move(result.diagnostics), *loaded.source, Settings{}, filter);

  std::vector<Expectation> expected = expectationsFor(path, loaded.source->text());
  std::multiset<std::pair<uint32_t, std::string>> want, got;
  for (const auto& e : expected) want.insert({e.line, e.rule});
  for (const auto& d : result.diagnostics) got.insert({d.location.start.line, d.rule});

  for (const auto& w : want)
    if (got.count(w) < want.count(w)) ADD_FAILURE() << rel << ":" << w.first << ": missing " << w.second;
  for (const auto& d : result.diagnostics) {
    std::pair<uint32_t, std::string> key{d.location.start.line, d.rule};
    if (want.count(key) < got.count(key))
      ADD_FAILURE() << rel << ":" << d.location.start.line << ": unexpected " << d.rule << ": " << d.message;
  }
  for (const auto& e : expected) {
    if (e.substring.empty()) continue;
    bool found = false;
    std::string seen;  // what the line got instead, for the failure message
    for (const auto& d : result.diagnostics) {
      if (d.location.start.line != e.line || d.rule != e.rule) continue;
      if (d.message.find(e.substring) != std::string::npos) found = true;
      seen += "\n  got: " + d.message;
    }
    EXPECT_TRUE(found) << rel << ":" << e.line << ": no " << e.rule << " message containing \"" << e.substring << "\""
                       << seen;
  }
}

// `<stem>.fixed.<ext>` is the whole file after --fix, `<stem>.unsafe-fixed.<ext>`
// after --unsafe-fixes; fixing the fixed text again must change nothing.
std::string fixedText(const std::string& rel, const std::string& text, bool unsafe) {
  auto all = [](std::vector<FileAnalysis>& r) {
    std::vector<Diagnostic> out;
    for (auto& a : r) out.insert(out.end(), a.diagnostics.begin(), a.diagnostics.end());
    return out;
  };
  std::string project = projectOf(rel);
  if (project.empty()) {
    std::vector<FileAnalysis> results;
    results.push_back(analyzeSource(sourceFromText(rel, text, kindFromPath(rel)).source, RuleOptions{}));
    (void)cli::applyFixRounds(results, unsafe, RuleOptions{}, all);
    return results.front().source->fileText();
  }
  // A project file is fixed through the project: its jobs and scripts linked.
  std::vector<std::string> disk;
  std::vector<FileAnalysis> results = projectFiles(project, &disk, rel, &text);
  RuleOptions options;
  auto link = [&](const std::vector<FileAnalysis>& per_file) { return linkedView(per_file, disk, options); };
  (void)cli::applyFixRounds(results, unsafe, options, all, link);
  for (const auto& r : results)
    if (r.source && r.source->path() == rel) return r.source->text();
  return text;
}

TEST_P(Fixture, FixedFilesMatchAndFixingIsIdempotent) {
  const fs::path& path = GetParam();
  if (kindFromPath(path.string()) == FileKind::Cxx && !cxx::available())
    GTEST_SKIP() << "built without libTooling (GPULINT_WITH_CLANG=OFF)";
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string rel = fs::relative(path, GPULINT_SOURCE_DIR).string();
  std::string stem = path.stem().string(), ext = path.extension().string();
  bool any = false;
  for (bool unsafe : {false, true}) {
    fs::path expected_path = path.parent_path() / (stem + (unsafe ? ".unsafe-fixed" : ".fixed") + ext);
    if (!fs::exists(expected_path)) continue;
    any = true;
    std::ifstream ein(expected_path);
    std::stringstream expected;
    expected << ein.rdbuf();
    std::string once = fixedText(rel, ss.str(), unsafe);
    EXPECT_EQ(once, expected.str()) << expected_path;
    EXPECT_EQ(fixedText(rel, once, unsafe), once) << "fixing twice changed " << rel;
  }
  if (!any) GTEST_SKIP() << "no .fixed file";
}

std::string fixtureName(const ::testing::TestParamInfo<fs::path>& info) {
  std::string s = fs::relative(info.param, fs::path(GPULINT_SOURCE_DIR) / "testdata").string();
  for (char& c : s)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Testdata, Fixture, ::testing::ValuesIn(fixtureFiles()), fixtureName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Fixture);

TEST(FixtureRunner, ParsesExpectationsOnTheirLine) {
  auto e = parseExpectations("x = 1  # expect: GPU101 \"num_workers\"\n# expect-next: GPU201, GPU206\ny()\n# ok: GPU101\n");
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(e[0].line, 1u);
  EXPECT_EQ(e[0].substring, "num_workers");
  EXPECT_EQ(e[1].line, 3u);
  EXPECT_EQ(e[2].rule, "GPU206");
}

TEST(FixtureRunner, ParsesJsonSidecarExpectations) {
  auto e = parseSidecar("# ds.json\n3 GPU204 \"micro-batch\"\n\n7 GPU101\nnot an expectation\n");
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(e[0].line, 3u);
  EXPECT_EQ(e[0].rule, "GPU204");
  EXPECT_EQ(e[0].substring, "micro-batch");
  EXPECT_EQ(e[1].line, 7u);
  EXPECT_EQ(e[1].substring, "");
  EXPECT_EQ(e[2].line, 0u);  // a malformed line fails the fixture as a missing finding
}

}  // namespace
}  // namespace gpulint
