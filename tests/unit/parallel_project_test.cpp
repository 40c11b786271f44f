// The project step on several threads: each linked file is checked under a
// cache scope of its own, and the run's findings do not depend on --jobs.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "checkers/project_pass.h"
#include "frontend/project/discover.h"
#include "frontend/python/script_model.h"

namespace gpulint {
namespace {

std::unique_ptr<python::ScriptModel> model(const std::string& text) {
  return python::buildScriptModel(std::make_shared<SourceFile>("m.py", text, FileKind::Python), RuleOptions{});
}

TEST(CacheScope, AModelMemoisesIntoTheScopeWhileOneIsOpen) {
  auto m = model("x = 1\ndef f():\n    y = x\n    return y\n");
  const auto* own = &m->bindingsOf(m->root());
  EXPECT_EQ(&m->bindingsOf(m->root()), own);  // memoised: the same map
  {
    python::CacheScope scope;
    const auto* scoped = &m->bindingsOf(m->root());
    EXPECT_NE(scoped, own);
    EXPECT_EQ(&m->bindingsOf(m->root()), scoped);
    EXPECT_EQ(scoped->size(), own->size());  // the same answer, from another memo
  }
  EXPECT_EQ(&m->bindingsOf(m->root()), own);  // closed: the model's own memo again
}

TEST(CacheScope, ThreadsWithScopesShareNoMemo) {
  auto m = model("a = 1\nb = a\n");
  const std::unordered_map<std::string, python::ScopeBinding>* seen[2] = {nullptr, nullptr};
  auto ask = [&](int k) {
    python::CacheScope scope;
    seen[k] = &m->bindingsOf(m->root());
    EXPECT_EQ(seen[k]->count("b"), 1u);
  };
  std::thread other(ask, 1);
  ask(0);
  other.join();
  EXPECT_NE(seen[0], seen[1]);
}

TEST(CacheScope, ANestedScopeEndsBackInTheOuterOne) {
  auto m = model("a = 1\n");
  python::CacheScope outer;
  const auto* in_outer = &m->bindingsOf(m->root());
  {
    python::CacheScope inner;
    EXPECT_NE(&m->bindingsOf(m->root()), in_outer);
  }
  EXPECT_EQ(&m->bindingsOf(m->root()), in_outer);
}

// Every finding of a run, as text, in result order.
std::vector<std::string> findingsOf(const std::string& folder, unsigned jobs) {
  Discovery found = discoverFiles({folder}, Settings{}, folder);
  std::vector<FileAnalysis> results;
  std::vector<std::string> disk_paths;
  for (const auto& f : found.files) {
    results.push_back(analyzeFile(f.path, f.display, RuleOptions{}, Checks::Deferred));
    disk_paths.push_back(f.path);
  }
  RuleOptions options;
  linkJobs({&results, &disk_paths, &options, nullptr, jobs});
  std::vector<std::string> out;
  for (const FileAnalysis& r : results) {
    out.push_back((r.source ? r.source->path() : std::string("?")) + " error=" + r.error);
    for (const Diagnostic& d : r.diagnostics)
      out.push_back(d.rule + " " + d.location.file + ":" + std::to_string(d.location.begin) + " " + d.message);
  }
  return out;
}

TEST(ParallelProjectPass, FindingsOfEveryProjectFixtureAreTheSameOnOneAndFourThreads) {
  namespace fs = std::filesystem;
  size_t with_findings = 0;
  for (const auto& entry : fs::directory_iterator(std::string(GPULINT_SOURCE_DIR) + "/testdata/projects")) {
    if (!entry.is_directory()) continue;
    std::vector<std::string> one = findingsOf(entry.path().string(), 1);
    EXPECT_EQ(one, findingsOf(entry.path().string(), 4)) << entry.path();
    for (const std::string& line : one) with_findings += line.rfind("GPU", 0) == 0;
  }
  EXPECT_GT(with_findings, 20u);  // the comparison saw real findings, not empty runs
}

}  // namespace
}  // namespace gpulint
