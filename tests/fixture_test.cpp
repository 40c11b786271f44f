// The fixture runner: every file under testdata/<kind>/ carries its
// expectations inline (`# expect: GPU201`, `# expect: GPU201 "substring"`,
// `# expect-next: GPU201`; `// expect:` in C++). Missing or extra
// diagnostics fail. A file without expectations must produce nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "checkers/pipeline.h"
#include "checkers/project_pass.h"
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

std::vector<fs::path> fixtureFiles() {
  std::vector<fs::path> files;
  fs::path root = fs::path(GPULINT_SOURCE_DIR) / "testdata";
  for (const char* kind : {"python", "projects", "cxx", "runnable"}) {
    if (!fs::exists(root / kind)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root / kind)) {
      std::string name = e.path().filename().string();
      if (!e.is_regular_file() || kindFromPath(name) == FileKind::Unknown) continue;
      if (name.find(".fixed.") != std::string::npos || name.find(".unsafe-fixed.") != std::string::npos) continue;
      files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

class Fixture : public ::testing::TestWithParam<fs::path> {};

// testdata/projects/<name>/ is one project: its jobs link to its scripts, so
// every file is analysed together with the others (results cached per project).
const FileAnalysis* projectResult(const std::string& rel) {
  static std::map<std::string, std::map<std::string, FileAnalysis>> cache;
  static const std::string prefix = "testdata/projects/";
  if (rel.rfind(prefix, 0) != 0) return nullptr;
  std::string project = rel.substr(0, rel.find('/', prefix.size()));
  auto [it, fresh] = cache.try_emplace(project);
  if (fresh) {
    std::vector<FileAnalysis> results;
    std::vector<std::string> disk;
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(fs::path(GPULINT_SOURCE_DIR) / project))
      if (e.is_regular_file() && kindFromPath(e.path().string()) != FileKind::Unknown) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      std::ifstream in(f);
      std::stringstream ss;
      ss << in.rdbuf();
      std::string frel = fs::relative(f, GPULINT_SOURCE_DIR).string();
      results.push_back(analyzeSource(std::make_shared<SourceFile>(frel, ss.str(), kindFromPath(frel)), RuleOptions{}));
      disk.push_back(f.string());
    }
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
  auto source = std::make_shared<SourceFile>(rel, ss.str(), kindFromPath(rel));
  const FileAnalysis* in_project = projectResult(rel);
  FileAnalysis result = in_project ? *in_project : analyzeSource(source, RuleOptions{});
  ASSERT_TRUE(result.error.empty()) << result.error;

  std::vector<Expectation> expected = parseExpectations(ss.str());
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
    for (const auto& d : result.diagnostics)
      if (d.location.start.line == e.line && d.rule == e.rule && d.message.find(e.substring) != std::string::npos)
        found = true;
    EXPECT_TRUE(found) << rel << ":" << e.line << ": no " << e.rule << " message containing \"" << e.substring << "\"";
  }
}

// `<stem>.fixed.<ext>` is the whole file after --fix, `<stem>.unsafe-fixed.<ext>`
// after --unsafe-fixes; fixing the fixed text again must change nothing.
std::string fixedText(const std::string& rel, const std::string& text, bool unsafe) {
  std::vector<FileAnalysis> results;
  results.push_back(analyzeSource(std::make_shared<SourceFile>(rel, text, kindFromPath(rel)), RuleOptions{}));
  auto all = [](std::vector<FileAnalysis>& r) {
    std::vector<Diagnostic> out;
    for (auto& a : r) out.insert(out.end(), a.diagnostics.begin(), a.diagnostics.end());
    return out;
  };
  (void)cli::applyFixRounds(results, unsafe, RuleOptions{}, all);
  return results.front().source->text();
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

}  // namespace
}  // namespace gpulint
