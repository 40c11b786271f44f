// The project step on several threads: each linked file is checked under a
// cache scope of its own, and the run's findings do not depend on --jobs.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "checkers/project_pass.h"
#include "frontend/project/discover.h"
#include "frontend/python/script_model.h"

namespace gpulint {
namespace {

std::unique_ptr<python::ScriptModel> model(const std::string& text) {
  return python::buildScriptModel(std::make_shared<SourceFile>("m.py", text, FileKind::Python), RuleOptions{});
}

// `self.m` in f: instanceClasses memoises its answer per class and
// attribute in the cache the current thread fills (ModelCaches), so the
// address of the answer tells which memo it came from.
const char* kSelfAttribute = "class B:\n    pass\nclass A:\n    def __init__(self):\n        self.m = B()\n"
                             "    def f(self):\n        return self.m\n";

ts::Node lastAttribute(ts::Node n) {
  ts::Node found = n.is("attribute") ? n : ts::Node();
  for (ts::Node c : n.namedChildren())
    if (ts::Node below = lastAttribute(c)) found = below;
  return found;
}

TEST(CacheScope, AModelMemoisesIntoTheScopeWhileOneIsOpen) {
  auto m = model(kSelfAttribute);
  ts::Node use = lastAttribute(m->root());
  ASSERT_EQ(use.text(), "self.m");
  const auto* own = &m->instanceClasses(use);
  ASSERT_EQ(own->size(), 1u);
  EXPECT_EQ(&m->instanceClasses(use), own);  // memoised: the same answer
  {
    python::CacheScope scope;
    const auto* scoped = &m->instanceClasses(use);
    EXPECT_NE(scoped, own);
    EXPECT_EQ(&m->instanceClasses(use), scoped);
    EXPECT_EQ(*scoped, *own);  // the same answer, from another memo
  }
  EXPECT_EQ(&m->instanceClasses(use), own);  // closed: the model's own memo again
}

TEST(CacheScope, ThreadsWithScopesShareNoMemo) {
  auto m = model(kSelfAttribute);
  ts::Node use = lastAttribute(m->root());
  const std::vector<python::ScriptModel::ClassRef>* seen[2] = {nullptr, nullptr};
  auto ask = [&](int k) {
    python::CacheScope scope;
    seen[k] = &m->instanceClasses(use);
    EXPECT_EQ(seen[k]->size(), 1u);
  };
  std::thread other(ask, 1);
  ask(0);
  other.join();
  EXPECT_NE(seen[0], seen[1]);
}

TEST(CacheScope, ANestedScopeEndsBackInTheOuterOne) {
  auto m = model(kSelfAttribute);
  ts::Node use = lastAttribute(m->root());
  python::CacheScope outer;
  const auto* in_outer = &m->instanceClasses(use);
  {
    python::CacheScope inner;
    EXPECT_NE(&m->instanceClasses(use), in_outer);
  }
  EXPECT_EQ(&m->instanceClasses(use), in_outer);
}

// A scope's name bindings depend on the tree alone: every cache scope, on
// any thread, reads the one entry the model keeps (tree_memo.h).
TEST(CacheScope, TreeOnlyMemosAreSharedByScopesAndThreads) {
  auto m = model("a = 1\nb = a\n");
  const auto* own = &m->bindingsOf(m->root());
  const python::ScopeBindings* seen[2] = {nullptr, nullptr};
  auto ask = [&](int k) {
    python::CacheScope scope;
    seen[k] = &m->bindingsOf(m->root());
    EXPECT_EQ(seen[k]->count("b"), 1u);
  };
  std::thread other(ask, 1);
  ask(0);
  other.join();
  EXPECT_EQ(seen[0], own);
  EXPECT_EQ(seen[1], own);
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
